import type { OrderState } from '../order/decider';
import type { CarrierDetails, OrderStatusChanged, TimedRule } from '../order/events';
import type { OrderDetails } from '../order/order-details';
import type { DeliveryStatus, StatusSetter } from '../order/statuses';

/** The seed's order details (the details operation): isPaid is true once the delivery platform confirmed the payment. */
export type OrderDetailsView = OrderDetails & { id: string; status: DeliveryStatus };

export function orderDetailsView(orderID: string, state: OrderState): OrderDetailsView {
  const { isPaid, receiver, pickupPointCode, orderSubmittedAt, deliveryAcceptedUntil, estimatedReadyAt, products } = state.details!;
  return {
    id: orderID,
    isPaid: isPaid || state.paid,
    status: state.status,
    ...(state.message !== undefined && { message: state.message }),
    receiver,
    ...(pickupPointCode !== undefined && { pickupPointCode }),
    orderSubmittedAt,
    deliveryAcceptedUntil,
    estimatedReadyAt,
    products,
  };
}

/** The order as its provider sees it (intake API). */
export type OrderView = { serviceID: string; details: OrderDetailsView; carrier?: CarrierDetails; pickupDueAt?: string; statusChanges: number; updatedAt: string };

export function orderView(serviceID: string, orderID: string, state: OrderState): OrderView {
  return {
    serviceID,
    details: orderDetailsView(orderID, state),
    ...(state.carrier && { carrier: state.carrier }),
    ...(state.pickupDueAt && { pickupDueAt: state.pickupDueAt }),
    statusChanges: state.changes,
    updatedAt: state.updatedAt!,
  };
}

export type StatusReportView = { number: number; status: DeliveryStatus; from: DeliveryStatus; setBy: StatusSetter; changedAt: string; message?: string; carrier?: CarrierDetails; rule?: TimedRule };

export function statusReportView(change: Pick<OrderStatusChanged['data'], 'number' | 'to' | 'from' | 'setBy' | 'changedAt' | 'message' | 'carrier' | 'rule'>): StatusReportView {
  const { number, to, from, setBy, changedAt, message, carrier, rule } = change;
  return { number, status: to, from, setBy, changedAt, ...(message !== undefined && { message }), ...(carrier && { carrier }), ...(rule && { rule }) };
}
