import { SETTERS, type DeliveryStatus, type StatusSetter } from './statuses';

/**
 * The legal moves of an order's delivery status, as data: for each status, the statuses that may follow
 * it (who may set each one is SETTERS'). The seed shows the main path; the rest is decided here and in
 * docs/decisions.md ("Delivery"). A status listed as following itself may be reported again with other
 * details (a new message, the carrier's waybill); the same details again change nothing.
 */
export const MOVES: Readonly<Record<DeliveryStatus, readonly DeliveryStatus[]>> = {
  Unknown: ['AwaitingPayment', 'Paid', 'Cancelled', 'Expired'],
  AwaitingPayment: ['Paid', 'Cancelled', 'Expired'],
  Paid: ['Processing', 'Ready', 'Cancelled', 'Expired'],
  Processing: ['Processing', 'Ready', 'Cancelled', 'Expired'],
  Ready: ['Ready', 'AwaitingPickup', 'Cancelled', 'Expired'],
  AwaitingPickup: ['AwaitingPickup', 'Delivering', 'Problem', 'Cancelled', 'Expired'],
  Delivering: ['Delivering', 'Delivered', 'Problem', 'Returning', 'Returned'],
  Problem: ['Problem', 'AwaitingPickup', 'Delivering', 'Delivered', 'Returning', 'Returned'],
  Returning: ['Returned', 'Problem'],
  Delivered: ['Confirmed'],
  Confirmed: [],
  Returned: [],
  Cancelled: [],
  Expired: [],
};

/** The statuses that end an order: nothing follows them. */
export const FINAL_STATUSES = (Object.keys(MOVES) as DeliveryStatus[]).filter((status) => MOVES[status].length === 0);

/**
 * How far along the way a status is, only to word a refusal: a move to an earlier stage "goes back".
 * Problem stands beside Delivering; the final statuses are last.
 */
const STAGE: Readonly<Record<DeliveryStatus, number>> = {
  Unknown: 0,
  AwaitingPayment: 1,
  Paid: 2,
  Processing: 3,
  Ready: 4,
  AwaitingPickup: 5,
  Delivering: 6,
  Problem: 6,
  Returning: 7,
  Delivered: 7,
  Confirmed: 8,
  Returned: 8,
  Cancelled: 9,
  Expired: 9,
};

const SETTER_NAMES: Record<StatusSetter, string> = {
  'delivery-platform': 'the delivery platform',
  provider: "the provider's system",
  carrier: 'the carrier (through the delivery platform)',
};

/** Why `setter` may not move an order from `from` to `to`, or null when it may. */
export function moveRefusal(from: DeliveryStatus, to: DeliveryStatus, setter: StatusSetter): string | null {
  if (MOVES[from].length === 0) return `the order ended with ${from}: no status can follow it`;
  if (SETTERS[to].length === 0) return `${to} is not set by anyone: it is the status of an order that holds no delivery`;
  if (!SETTERS[to].includes(setter)) return `${to} is set by ${SETTERS[to].map((who) => SETTER_NAMES[who]).join(' or ')}, not by ${SETTER_NAMES[setter]}`;
  if (MOVES[from].includes(to)) return null;
  const next = `from ${from} the order may go to ${MOVES[from].filter((status) => status !== from).join(', ')}`;
  if (to === from) return `the order is already ${from}, and ${from} is not reported again with other details; ${next}`;
  if (STAGE[to] < STAGE[from]) return `${to} cannot follow ${from}: an order's status does not go back; ${next}`;
  return `${to} cannot follow ${from}; ${next}`;
}

export const isFinal = (status: DeliveryStatus) => MOVES[status].length === 0;
