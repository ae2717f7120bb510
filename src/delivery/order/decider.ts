import type { Decider } from '../../platform/decider';
import type { ExpireOrder, OrderCommand, RegisterOrder, SetStatus } from './commands';
import { ORDER_REGISTERED, ORDER_STATUS_CHANGED, type CarrierDetails, type OrderEvent, type OrderStatusChanged, type TimedRule } from './events';
import { sameDetails, type OrderDetails } from './order-details';
import { AWAITING_CARRIER, pickupDeadline } from './pickup-deadline';
import { moveRefusal } from './status-machine';
import { IllegalStatusMoveError, InvalidOrderError, OrderAlreadyRegisteredError, OrderNotFoundError } from './errors';
import type { DeliveryStatus, StatusSetter } from './statuses';

/** What a sender reported last: a report equal to it is a retry. */
export type Report = { number: number; status: DeliveryStatus; message?: string; carrier?: CarrierDetails };

export type OrderState = {
  registered: boolean;
  details?: OrderDetails;
  status: DeliveryStatus;
  /** status changes so far (the last one's number) */
  changes: number;
  message?: string;
  carrier?: CarrierDetails;
  pickupDueAt?: string;
  /** the delivery platform confirmed the payment (Paid) */
  paid: boolean;
  lastReports: Partial<Record<StatusSetter, Report>>;
  updatedAt?: string;
};

/** The order's delivery: its status machine (status-machine.ts), its timed rules and its retries. */
export const orderDecider: Decider<OrderCommand, OrderEvent, OrderState> = {
  initialState: () => ({ registered: false, status: 'Unknown', changes: 0, paid: false, lastReports: {} }),
  evolve: (state, event) => {
    switch (event.type) {
      case ORDER_REGISTERED:
        return { ...state, registered: true, details: event.data.details, message: event.data.details.message, updatedAt: event.data.registeredAt };
      case ORDER_STATUS_CHANGED:
        return afterStatusChange(state, event.data);
      default: {
        const unexpected: never = event;
        return unexpected;
      }
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'RegisterOrder':
        return register(command, state);
      case 'SetStatus':
        return setStatus(command, state);
      case 'ExpireOrder':
        return expire(command, state);
      default: {
        const unexpected: never = command;
        return unexpected;
      }
    }
  },
};

function afterStatusChange(state: OrderState, change: OrderStatusChanged['data']): OrderState {
  const waiting = AWAITING_CARRIER.includes(change.to);
  return {
    ...state,
    status: change.to,
    changes: change.number,
    message: change.message,
    carrier: change.carrier ?? state.carrier,
    pickupDueAt: waiting ? (change.pickupDueAt ?? state.pickupDueAt) : undefined,
    paid: state.paid || change.to === 'Paid',
    lastReports: { ...state.lastReports, [change.setBy]: { number: change.number, status: change.to, message: change.message, carrier: change.carrier } },
    updatedAt: change.changedAt,
  };
}

function register(command: RegisterOrder, state: OrderState): OrderEvent[] {
  if (state.registered) {
    if (sameDetails(state.details!, command.details)) return [];
    throw new OrderAlreadyRegisteredError(command.serviceID, command.orderID);
  }
  const problems: Record<string, string[]> = {};
  const { orderSubmittedAt, deliveryAcceptedUntil, estimatedReadyAt } = command.details;
  if (deliveryAcceptedUntil < orderSubmittedAt) problems.deliveryAcceptedUntil = ['must not be earlier than orderSubmittedAt'];
  if (estimatedReadyAt < orderSubmittedAt) problems.estimatedReadyAt = ['must not be earlier than orderSubmittedAt'];
  if (Object.keys(problems).length > 0) throw new InvalidOrderError(problems);
  const { serviceID, orderID, details, by, at } = command;
  return [{ type: ORDER_REGISTERED, data: { serviceID, orderID, details, registeredBy: by, registeredAt: at } }];
}

function setStatus(command: SetStatus, state: OrderState): OrderEvent[] {
  if (!state.registered) throw new OrderNotFoundError(command.serviceID, command.orderID);
  if (isRetry(state.lastReports[command.setBy], command)) return [];
  const refusal = moveRefusal(state.status, command.status, command.setBy) ?? deliveryWindowRefusal(state, command);
  if (refusal) throw new IllegalStatusMoveError(state.status, command.status, refusal);
  return [statusChanged(state, command, command.status, { message: command.message, carrier: command.carrier }, command.pickupWorkingDays)];
}

/** A report equal to the last one its sender made (status, message, carrier's data) is a retry: nothing changes. */
function isRetry(last: Report | undefined, command: SetStatus): boolean {
  return last !== undefined && last.status === command.status && last.message === command.message && sameCarrier(last.carrier, command.carrier);
}

function sameCarrier(a: CarrierDetails | undefined, b: CarrierDetails | undefined): boolean {
  if (!a || !b) return a === b;
  return (Object.keys({ ...a, ...b }) as (keyof CarrierDetails)[]).every((name) => a[name] === b[name]);
}

/** A delivery is added to an order (its first AwaitingPayment or Paid) only before deliveryAcceptedUntil, when an unpaid one expires. */
function deliveryWindowRefusal(state: OrderState, command: SetStatus): string | null {
  const addsDelivery = state.status === 'Unknown' && (command.status === 'AwaitingPayment' || command.status === 'Paid');
  if (!addsDelivery || command.at < state.details!.deliveryAcceptedUntil) return null;
  return `deliveryAcceptedUntil (${state.details!.deliveryAcceptedUntil}) has passed: no delivery can be added to this order`;
}

function expire(command: ExpireOrder, state: OrderState): OrderEvent[] {
  if (!state.registered || !timedRuleHolds(state, command.rule, command.at)) return [];
  const message = command.rule === 'payment-deadline' ? 'the delivery was not paid by deliveryAcceptedUntil' : 'the carrier did not pick the order up in time';
  return [statusChanged(state, { ...command, setBy: 'provider' }, 'Expired', { message, rule: command.rule }, 0)];
}

/** Whether a timed rule applies to the order at `at`: it may have moved on since the sweep found it due. */
export function timedRuleHolds(state: OrderState, rule: TimedRule, at: string): boolean {
  if (rule === 'payment-deadline') return state.status === 'AwaitingPayment' && at >= state.details!.deliveryAcceptedUntil;
  return AWAITING_CARRIER.includes(state.status) && state.pickupDueAt !== undefined && at >= state.pickupDueAt;
}

function statusChanged(
  state: OrderState,
  command: { serviceID: string; orderID: string; setBy: StatusSetter; by: string; at: string },
  to: DeliveryStatus,
  details: { message?: string; carrier?: CarrierDetails; rule?: TimedRule },
  pickupWorkingDays: number,
): OrderStatusChanged {
  const startsWaiting = AWAITING_CARRIER.includes(to) && !AWAITING_CARRIER.includes(state.status);
  const { type, id, email } = state.details!.receiver;
  return {
    type: ORDER_STATUS_CHANGED,
    data: {
      serviceID: command.serviceID,
      orderID: command.orderID,
      number: state.changes + 1,
      from: state.status,
      to,
      setBy: command.setBy,
      changedBy: command.by,
      changedAt: command.at,
      ...(details.message !== undefined && { message: details.message }),
      ...(details.carrier && { carrier: details.carrier }),
      ...(details.rule && { rule: details.rule }),
      ...(startsWaiting && { pickupDueAt: pickupDeadline(command.at, pickupWorkingDays) }),
      receiver: { type, id, ...(email !== undefined && { email }) },
    },
  };
}
