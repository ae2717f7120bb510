/**
 * The seed's 14 delivery statuses, by name and number. The misspelling `AwaytingPayment`, found in the
 * seed's samples and the public guide, is read as AwaitingPayment; answers always spell it right.
 */
export const STATUS_NUMBERS = {
  AwaitingPayment: 1,
  Paid: 2,
  Processing: 3,
  Cancelled: 4,
  Expired: 5,
  Ready: 6,
  AwaitingPickup: 7,
  Delivering: 8,
  Delivered: 9,
  Confirmed: 10,
  Problem: 11,
  Returning: 12,
  Returned: 13,
  Unknown: 14,
} as const;

export type DeliveryStatus = keyof typeof STATUS_NUMBERS;

export const DELIVERY_STATUSES = Object.keys(STATUS_NUMBERS) as DeliveryStatus[];

const MISSPELLINGS: Record<string, DeliveryStatus> = { AwaytingPayment: 'AwaitingPayment' };

/** The status a name given as input stands for, or null when it names none. */
export function readStatus(name: string): DeliveryStatus | null {
  if (Object.hasOwn(STATUS_NUMBERS, name)) return name as DeliveryStatus;
  return Object.hasOwn(MISSPELLINGS, name) ? MISSPELLINGS[name] : null;
}

/** Every name an input may use: the 14 statuses and the misspelling. */
export const STATUS_INPUT_NAMES = [...DELIVERY_STATUSES, ...Object.keys(MISSPELLINGS)];

/**
 * Who sets a status (seed: 1-2 the delivery platform, 3-6 the provider's system, 7-13 the carrier).
 * Ready is also set by the delivery platform: an operator may set it by hand in the delivery register, and
 * the platform pushes it back to confirm a Ready it read from the provider (public guide). The carrier's
 * statuses reach us through the delivery platform's status operation; so does Confirmed (10, in the
 * carrier's range), the receiver's confirmation. Nobody sets Unknown: it is an order's status while it
 * holds no delivery.
 */
export type StatusSetter = 'delivery-platform' | 'provider' | 'carrier';

export const SETTERS: Readonly<Record<DeliveryStatus, readonly StatusSetter[]>> = {
  AwaitingPayment: ['delivery-platform'],
  Paid: ['delivery-platform'],
  Processing: ['provider'],
  Cancelled: ['provider'],
  Expired: ['provider'],
  Ready: ['provider', 'delivery-platform'],
  AwaitingPickup: ['carrier'],
  Delivering: ['carrier'],
  Delivered: ['carrier'],
  Confirmed: ['carrier'],
  Problem: ['carrier'],
  Returning: ['carrier'],
  Returned: ['carrier'],
  Unknown: [],
};

/**
 * Who a push through the delivery platform's status operation speaks for: the platform itself, or the
 * carrier it relays (a provider's status pushed there is the platform's, and refused as such).
 */
export function pushSetter(status: DeliveryStatus): StatusSetter {
  return SETTERS[status].includes('carrier') ? 'carrier' : 'delivery-platform';
}

/** The statuses the provider's own systems report (intake API). */
export const PROVIDER_STATUSES = DELIVERY_STATUSES.filter((status) => SETTERS[status].includes('provider'));
