import type { DocumentStore, Filter } from '../../platform/document-store/document-store';
import type { DocumentRecord } from '../../../projections/documents/documents';
import type { VersionRecord } from '../../../projections/documents/contents';
import { keywordsOf } from '../document/search-terms';
import { orderOf, skipOf, type Paging } from './paging';
import { documentsOf, versionsOf } from './records';

export type DocumentListQuery = { folderId?: string; type?: string; searchBy?: string; orderField?: string; paging: Paging };

/** Folders first, then by name (the order a file browser shows). */
const BROWSING_ORDER = { isFolder: -1 as const, nameKey: 1 as const, _id: 1 as const };

function narrowed(filter: Filter, query: { type?: string; searchBy?: string }): Filter {
  const keywords = query.searchBy ? keywordsOf(query.searchBy) : [];
  const terms = keywords.map((keyword) => ({ terms: { $elemMatch: { $eq: keyword } } }));
  return { ...filter, ...(query.type ? { type: query.type } : {}), ...(terms.length ? { $and: terms } : {}) };
}

/**
 * GET /mdocs/documents: a folder's documents (the caller checked Read on it), or the principal's root;
 * with type or searchBy and no folder, all of the principal's own documents, at any depth. Documents not
 * shown yet (a future createdOn) are left out, but for the principal that published or created them.
 */
export async function listDocuments(store: DocumentStore, principal: string, query: DocumentListQuery, now: string): Promise<{ items: DocumentRecord[]; totalCount: number }> {
  const place: Filter = query.folderId
    ? { folderId: query.folderId, status: 'live' }
    : query.type || query.searchBy
      ? { owner: principal, status: 'live', recycledAncestors: 0 }
      : { owner: principal, folderId: null, status: 'live' };
  // most documents were never hidden (hiddenUntil null), which the index answers without reading them
  const shown = [{ hiddenUntil: null }, { hiddenUntil: { $lte: now } }, { publishedBy: principal }, { createdBy: principal }];
  const filter = narrowed({ ...place, $or: shown }, query);
  const documents = documentsOf(store);
  const [items, totalCount] = await Promise.all([
    documents.find(filter, { sort: orderOf(query.orderField, BROWSING_ORDER), skip: skipOf(query.paging), limit: query.paging.itemsPerPage }),
    documents.count(filter),
  ]);
  return { items, totalCount };
}

/** GET /mdocs/recycled-documents: what the principal's recycle bin holds, latest deleted first. */
export async function listRecycled(store: DocumentStore, principal: string, query: Omit<DocumentListQuery, 'folderId'>): Promise<{ items: DocumentRecord[]; totalCount: number }> {
  const filter = narrowed({ owner: principal, status: 'recycled' }, query);
  const documents = documentsOf(store);
  const [items, totalCount] = await Promise.all([
    documents.find(filter, { sort: orderOf(query.orderField, { deletedOn: -1, _id: 1 }), skip: skipOf(query.paging), limit: query.paging.itemsPerPage }),
    documents.count(filter),
  ]);
  return { items, totalCount };
}

/** A document's kept versions, newest first. */
export async function listVersions(store: DocumentStore, documentId: string, paging: Paging): Promise<{ items: VersionRecord[]; totalCount: number }> {
  const versions = versionsOf(store);
  const [items, totalCount] = await Promise.all([
    versions.find({ documentId }, { sort: { version: -1 }, skip: skipOf(paging), limit: paging.itemsPerPage }),
    versions.count({ documentId }),
  ]);
  return { items, totalCount };
}

export async function findVersion(store: DocumentStore, documentId: string, version: number): Promise<VersionRecord | null> {
  return versionsOf(store).findOne({ _id: `${documentId}:${version}` });
}
