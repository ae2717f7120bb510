import type { DocumentStore } from '../../platform/document-store/document-store';
import { DocumentsCollections } from '../../../projections/documents';
import type { DocumentRecord } from '../../../projections/documents/documents';
import type { ShareRecord } from '../../../projections/documents/shares';
import type { VersionRecord } from '../../../projections/documents/contents';

/** Reads of the document store's read models by id. */
export const documentsOf = (store: DocumentStore) => store.collection<DocumentRecord>(DocumentsCollections.documents);
export const sharesOf = (store: DocumentStore) => store.collection<ShareRecord>(DocumentsCollections.shares);
export const versionsOf = (store: DocumentStore) => store.collection<VersionRecord>(DocumentsCollections.versions);

export async function findRecord(store: DocumentStore, documentId: string): Promise<DocumentRecord | null> {
  return documentsOf(store).findOne({ _id: documentId });
}

/** The records of these ids, by id (those that exist). */
export async function recordsById(store: DocumentStore, ids: string[]): Promise<Map<string, DocumentRecord>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  return new Map((await documentsOf(store).find({ _id: { $in: unique } })).map((record) => [record._id, record]));
}

/** The folders above a document, from the top down (those still stored). */
export async function ancestorsOf(store: DocumentStore, record: DocumentRecord): Promise<DocumentRecord[]> {
  const byId = await recordsById(store, record.ancestors);
  return record.ancestors.map((id) => byId.get(id)).filter((found): found is DocumentRecord => found !== undefined);
}

/** Every document under a folder, at any depth. */
export function descendantsOf(store: DocumentStore, folderId: string): Promise<DocumentRecord[]> {
  return documentsOf(store).find({ ancestors: { $elemMatch: { $eq: folderId } } });
}
