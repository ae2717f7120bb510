import type { DocumentStore } from '../../platform/document-store/document-store';
import type { DocumentRecord } from '../../../projections/documents/documents';
import type { ShareRecord } from '../../../projections/documents/shares';
import { keywordsOf } from '../document/search-terms';
import { isShown } from './access';
import { orderOf, pageOf, sortInMemory, type Paging } from './paging';
import { recordsById, sharesOf } from './records';

export type ShareListQuery = { searchBy?: string; orderField?: string; paging: Paging };

/** The most shares a list reads (they are joined with their documents in memory). */
export const MAX_SHARES_LISTED = 10_000;

const matches = (record: DocumentRecord, keywords: string[]) => keywords.every((keyword) => record.terms.includes(keyword));
const notEnded = (share: ShareRecord, now: string) => share.to === null || share.to > now;
const valueOf = (share: ShareRecord, record: DocumentRecord, field: string) => (field === 'sharedOn' ? share.sharedOn : (record as unknown as Record<string, unknown>)[field]);

/** Shares and their documents, those shown to the principal and matching the search. */
async function joined(store: DocumentStore, shares: ShareRecord[], principal: string, query: ShareListQuery, now: string) {
  const records = await recordsById(store, shares.map((share) => share.documentId));
  const keywords = query.searchBy ? keywordsOf(query.searchBy) : [];
  return shares.flatMap((share) => {
    const record = records.get(share.documentId);
    return record && isShown(principal, record, now) && matches(record, keywords) ? [{ share, record }] : [];
  });
}

/** GET /mdocs/shares/for-me: the shares made for the principal that have not ended, newest first. */
export async function sharesForMe(store: DocumentStore, principal: string, query: ShareListQuery, now: string) {
  const shares = (await sharesOf(store).find({ sharedFor: principal }, { sort: { sharedOn: -1 }, limit: MAX_SHARES_LISTED })).filter((share) => notEnded(share, now));
  const items = await joined(store, shares, principal, query, now);
  const sorted = sortInMemory(items, orderOf(query.orderField, { sharedOn: -1 }), ({ share, record }, field) => (field === '_id' ? share._id : valueOf(share, record, field)));
  return { items: pageOf(sorted, query.paging), totalCount: sorted.length };
}

/** GET /mdocs/shares/by-me: the documents the principal shared, each with its shares made by the principal. */
export async function sharesByMe(store: DocumentStore, principal: string, query: ShareListQuery, now: string) {
  const shares = await sharesOf(store).find({ sharedBy: principal }, { sort: { sharedOn: -1 }, limit: MAX_SHARES_LISTED });
  const byDocument = new Map<string, { record: DocumentRecord; shares: ShareRecord[] }>();
  for (const { share, record } of await joined(store, shares, principal, query, now)) {
    const entry = byDocument.get(record._id) ?? { record, shares: [] };
    entry.shares.push(share);
    byDocument.set(record._id, entry);
  }
  const sorted = sortInMemory([...byDocument.values()], orderOf(query.orderField, { sharedOn: -1 }), ({ shares: made, record }, field) =>
    field === '_id' ? record._id : valueOf(made[0], record, field),
  );
  return { items: pageOf(sorted, query.paging), totalCount: sorted.length };
}

/** A document's shares as the principal may see them: all for its owner, else those it made or that are for it. */
export async function sharesOfDocument(store: DocumentStore, documentId: string, principal: string, isOwner: boolean): Promise<ShareRecord[]> {
  const shares = await sharesOf(store).find({ documentId }, { sort: { sharedOn: 1 } });
  return isOwner ? shares : shares.filter((share) => share.sharedBy === principal || share.sharedFor === principal);
}
