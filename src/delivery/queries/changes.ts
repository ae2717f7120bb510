import type { DocumentStore } from '../../platform/document-store/document-store';
import { DELIVERY_STATUS_CHANGES, type StatusChangeDocument } from '../../../projections/delivery/status-changes';
import type { DeliveryStatus } from '../order/statuses';

/** One entry of the changes operation (seed): an order of the service and the status a change set it to. */
export type ChangedOrder = { serviceID: string; orderID: string; status: DeliveryStatus };

/** The provider's changes of a service after a log position, oldest first, at most `limit`, with where each stands. */
export async function providerChangesAfter(documents: DocumentStore, serviceID: string, after: number, limit: number): Promise<{ entries: ChangedOrder[]; lastPosition: number }> {
  const found = await documents
    .collection<StatusChangeDocument>(DELIVERY_STATUS_CHANGES)
    .find({ serviceID, byProvider: true, position: { $gt: after } }, { sort: { position: 1 }, limit });
  return {
    entries: found.map((change) => ({ serviceID: change.serviceID, orderID: change.orderID, status: change.to })),
    lastPosition: found.length > 0 ? found[found.length - 1].position : after,
  };
}
