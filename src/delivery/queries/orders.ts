import type { DocumentStore, Filter } from '../../platform/document-store/document-store';
import { DELIVERY_ORDERS, type DeliveryOrderDocument } from '../../../projections/delivery/orders';
import type { DeliveryStatus } from '../order/statuses';

export type OrderSummary = Pick<DeliveryOrderDocument, 'serviceID' | 'status' | 'isPaid' | 'orderSubmittedAt' | 'deliveryAcceptedUntil' | 'estimatedReadyAt' | 'updatedAt'> & { id: string };

export type OrderPage = { items: OrderSummary[]; nextCursor: string; totalCount: number };

/** A service's orders in the order they were registered, after a cursor (a registration's log position), optionally in some statuses only. */
export async function listOrders(documents: DocumentStore, query: { serviceID: string; statuses?: DeliveryStatus[]; after: number; limit: number }): Promise<OrderPage> {
  const orders = documents.collection<DeliveryOrderDocument>(DELIVERY_ORDERS);
  const filter: Filter = { serviceID: query.serviceID, ...(query.statuses && { status: { $in: query.statuses } }) };
  const [found, totalCount] = await Promise.all([
    orders.find({ ...filter, position: { $gt: query.after } }, { sort: { position: 1 }, limit: query.limit + 1 }),
    orders.count(filter),
  ]);
  const page = found.slice(0, query.limit);
  return {
    items: page.map(({ serviceID, orderID, status, isPaid, orderSubmittedAt, deliveryAcceptedUntil, estimatedReadyAt, updatedAt }) => ({
      serviceID, id: orderID, status, isPaid, orderSubmittedAt, deliveryAcceptedUntil, estimatedReadyAt, updatedAt,
    })),
    nextCursor: found.length > query.limit ? String(page[page.length - 1].position) : '',
    totalCount,
  };
}

/** Orders whose timed rule fell due by `now`, earliest first. */
export function dueOrders(documents: DocumentStore, now: string, limit: number): Promise<DeliveryOrderDocument[]> {
  return documents.collection<DeliveryOrderDocument>(DELIVERY_ORDERS).find({ dueAt: { $lte: now } }, { sort: { dueAt: 1 }, limit });
}
