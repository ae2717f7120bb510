import type { Projection } from '../../src/platform/projections/projection';
import { ORDER_STATUS_CHANGED, type OrderStatusChanged } from '../../src/delivery/order/events';
import { DELIVERY_STREAMS } from '../../src/delivery/service';

export const DELIVERY_STATUS_CHANGES = 'delivery_status_changes';

/**
 * One document per status change of an order: the order's status reports (its history) and, for the
 * provider's changes, the changes feed the delivery platform polls, in log order.
 */
export type StatusChangeDocument = Omit<OrderStatusChanged['data'], 'receiver' | 'changedBy' | 'pickupDueAt'> & {
  /** `<order stream>:<number>` */
  _id: string;
  orderStream: string;
  /** where the change stands in the log: the changes feed's cursor */
  position: number;
  /** a change of the provider's (reported by its system, or by the service's timed rules on its behalf): the feed reports these */
  byProvider: boolean;
};

export const statusChangesProjection: Projection = {
  name: 'delivery-status-changes',
  streamPrefix: DELIVERY_STREAMS,
  eventTypes: [ORDER_STATUS_CHANGED],
  collections: [DELIVERY_STATUS_CHANGES],
  indexes: [
    { collection: DELIVERY_STATUS_CHANGES, keys: { serviceID: 1, byProvider: 1, position: 1 } },
    { collection: DELIVERY_STATUS_CHANGES, keys: { orderStream: 1, number: 1 } },
  ],
  async apply(stored, session) {
    const { receiver: _receiver, changedBy: _changedBy, pickupDueAt: _pickupDueAt, ...change } = stored.event.data as OrderStatusChanged['data'];
    const document: StatusChangeDocument = {
      _id: `${stored.streamId}:${change.number}`,
      orderStream: stored.streamId,
      position: stored.position,
      byProvider: change.setBy === 'provider',
      ...change,
    };
    await session.collection<StatusChangeDocument>(DELIVERY_STATUS_CHANGES).replaceOne({ _id: document._id }, document, { upsert: true });
  },
};
