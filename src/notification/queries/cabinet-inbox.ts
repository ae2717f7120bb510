import type { DocumentStore } from '../../platform/document-store/document-store';
import { CABINET_INBOX, type CabinetMessageDocument } from '../../../projections/notification/cabinet-inbox';

export type CabinetSearch = { idnp: string; cursor?: string; limit?: number };

/** A citizen's inbox, newest first; the cursor is the offset of the next page ('' after the last). */
export async function searchCabinetInbox(documents: DocumentStore, search: CabinetSearch) {
  const inbox = documents.collection<CabinetMessageDocument>(CABINET_INBOX);
  const filter = { idnp: search.idnp, withdrawn: false };
  const offset = Number(search.cursor ?? 0);
  const totalCount = await inbox.count(filter);
  const found = await inbox.find(filter, { sort: { sentAt: -1 }, skip: offset, limit: search.limit ?? 20 });
  return {
    items: found.map(({ _id, notificationId, subject, body, sentAt, readAt }) => ({ messageId: _id, notificationId, subject, body, sentAt, ...(readAt ? { readAt } : {}) })),
    nextCursor: offset + found.length < totalCount ? String(offset + found.length) : '',
    totalCount,
  };
}

/** One message of a citizen's inbox, unless withdrawn. */
export function getCabinetMessage(documents: DocumentStore, idnp: string, messageId: string): Promise<CabinetMessageDocument | null> {
  return documents.collection<CabinetMessageDocument>(CABINET_INBOX).findOne({ _id: messageId, idnp, withdrawn: false });
}
