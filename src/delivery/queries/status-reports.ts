import type { DocumentStore } from '../../platform/document-store/document-store';
import { DELIVERY_STATUS_CHANGES, type StatusChangeDocument } from '../../../projections/delivery/status-changes';
import { statusReportView, type StatusReportView } from './order-views';

export type StatusReportPage = { items: StatusReportView[]; nextCursor: string };

/** An order's status changes, oldest first, after a cursor (a change's number). */
export async function listStatusReports(documents: DocumentStore, orderStream: string, after: number, limit: number): Promise<StatusReportPage> {
  const found = await documents
    .collection<StatusChangeDocument>(DELIVERY_STATUS_CHANGES)
    .find({ orderStream, number: { $gt: after } }, { sort: { number: 1 }, limit: limit + 1 });
  const page = found.slice(0, limit);
  return { items: page.map(statusReportView), nextCursor: found.length > limit ? String(page[page.length - 1].number) : '' };
}

export async function findStatusReport(documents: DocumentStore, orderStream: string, number: number): Promise<StatusReportView | null> {
  const found = await documents.collection<StatusChangeDocument>(DELIVERY_STATUS_CHANGES).findOne({ _id: `${orderStream}:${number}` });
  return found && statusReportView(found);
}
