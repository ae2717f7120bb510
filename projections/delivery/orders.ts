import type { Projection } from '../../src/platform/projections/projection';
import { ORDER_REGISTERED, ORDER_STATUS_CHANGED, type OrderRegistered, type OrderStatusChanged, type TimedRule } from '../../src/delivery/order/events';
import { AWAITING_CARRIER } from '../../src/delivery/order/pickup-deadline';
import type { DeliveryStatus } from '../../src/delivery/order/statuses';
import { DELIVERY_STREAMS } from '../../src/delivery/service';

export const DELIVERY_ORDERS = 'delivery_orders';

/**
 * One document per order, without the receiver's data: the provider's list of orders (by service, in
 * the order they were registered, filtered by status) and the due dates the sweep looks for.
 */
export type DeliveryOrderDocument = {
  /** the order's stream */
  _id: string;
  serviceID: string;
  orderID: string;
  status: DeliveryStatus;
  isPaid: boolean;
  orderSubmittedAt: string;
  deliveryAcceptedUntil: string;
  estimatedReadyAt: string;
  updatedAt: string;
  /** log position of its registration: the list's order and cursor */
  position: number;
  /** when the order's timed rule falls due, and which rule (absent: none applies) */
  dueAt?: string;
  dueRule?: TimedRule;
};

export const ordersProjection: Projection = {
  name: 'delivery-orders',
  streamPrefix: DELIVERY_STREAMS,
  eventTypes: [ORDER_REGISTERED, ORDER_STATUS_CHANGED],
  collections: [DELIVERY_ORDERS],
  indexes: [
    { collection: DELIVERY_ORDERS, keys: { serviceID: 1, position: 1 } },
    { collection: DELIVERY_ORDERS, keys: { serviceID: 1, status: 1, position: 1 } },
    { collection: DELIVERY_ORDERS, keys: { dueAt: 1 } },
  ],
  async apply(stored, session) {
    const orders = session.collection<DeliveryOrderDocument>(DELIVERY_ORDERS);
    if (stored.event.type === ORDER_REGISTERED) {
      const { serviceID, orderID, details, registeredAt } = stored.event.data as OrderRegistered['data'];
      const { isPaid, orderSubmittedAt, deliveryAcceptedUntil, estimatedReadyAt } = details;
      const document: DeliveryOrderDocument = {
        _id: stored.streamId, serviceID, orderID, status: 'Unknown', isPaid, orderSubmittedAt, deliveryAcceptedUntil, estimatedReadyAt, updatedAt: registeredAt, position: stored.position,
      };
      await orders.replaceOne({ _id: stored.streamId }, document, { upsert: true });
      return;
    }
    const change = stored.event.data as OrderStatusChanged['data'];
    const order = await orders.findOne({ _id: stored.streamId });
    if (!order) return;
    const due = dueDateOf(order, change);
    await orders.updateOne(
      { _id: stored.streamId },
      {
        $set: { status: change.to, updatedAt: change.changedAt, isPaid: order.isPaid || change.to === 'Paid', ...(due && { dueAt: due.at, dueRule: due.rule }) },
        ...(!due && { $unset: { dueAt: '', dueRule: '' } }),
      },
    );
  },
};

/** The timed rule an order falls under after a change: the payment deadline while AwaitingPayment, the pickup deadline while waiting for the carrier. */
function dueDateOf(order: DeliveryOrderDocument, change: OrderStatusChanged['data']): { at: string; rule: TimedRule } | null {
  if (change.to === 'AwaitingPayment') return { at: order.deliveryAcceptedUntil, rule: 'payment-deadline' };
  if (!AWAITING_CARRIER.includes(change.to)) return null;
  const at = change.pickupDueAt ?? order.dueAt;
  return at ? { at, rule: 'pickup-deadline' } : null;
}
