import type { DocumentSession } from '../../src/platform/document-store/document-store';
import {
  DOCUMENT_CHANGED,
  DOCUMENT_CREATED,
  DOCUMENT_MOVED,
  DOCUMENT_PURGED,
  DOCUMENT_RECYCLED,
  DOCUMENT_RESTORED,
  DOCUMENT_VERSION_ADDED,
  type ContentRef,
  type DocumentChanged,
  type DocumentCreated,
  type DocumentMoved,
  type DocumentPurged,
  type DocumentRecycled,
  type DocumentRestored,
  type DocumentVersionAdded,
} from '../../src/documents/document/events';
import { searchTermsOf } from '../../src/documents/document/search-terms';
import { DocumentsCollections } from './collections';
import { dataOf, type ReadModel } from './read-model';

/** A document or folder as the lists and the access checks read it. */
export type DocumentRecord = {
  _id: string;
  owner: string;
  name: string;
  /** the name in lower case: what orderField=name sorts by */
  nameKey: string;
  number: string | null;
  folderId: string | null;
  /** the folders above it, the topmost first, its own folder last */
  ancestors: string[];
  type: string;
  isFolder: boolean;
  /** the current version's content (null for a folder) */
  content: ContentRef | null;
  size: number;
  version: number;
  createdOn: string;
  /** createdOn when it was in the future at creation (the document is hidden until then), else null: lists filter on it from their index */
  hiddenUntil: string | null;
  expiresOn: string | null;
  createdBy: string;
  /** the principal the publishing client acted as */
  publishedBy: string;
  modifiedOn: string | null;
  modifiedBy: string | null;
  status: 'live' | 'recycled';
  deletedOn: string | null;
  deletedBy: string | null;
  /** the folder it was recycled from */
  deletedFrom: string | null;
  /** how many folders above it are in the recycle bin: it is shown only while none is */
  recycledAncestors: number;
  terms: string[];
};

const { documents: DOCUMENTS } = DocumentsCollections;

const collection = (session: DocumentSession) => session.collection<DocumentRecord>(DOCUMENTS);

async function pathTo(session: DocumentSession, folderId: string | null): Promise<string[]> {
  if (folderId === null) return [];
  const folder = await collection(session).findOne({ _id: folderId });
  return folder ? [...folder.ancestors, folderId] : [folderId];
}

/** Puts a document in another folder, and every document under it with it. */
async function rehome(session: DocumentSession, record: DocumentRecord, folderId: string | null, extra: Partial<DocumentRecord>): Promise<void> {
  const ancestors = await pathTo(session, folderId);
  await collection(session).updateOne({ _id: record._id }, { $set: { folderId, ancestors, ...extra } });
  if (!record.isFolder) return;
  for (const inside of await collection(session).find({ ancestors: { $elemMatch: { $eq: record._id } } })) {
    const below = inside.ancestors.slice(inside.ancestors.indexOf(record._id));
    await collection(session).updateOne({ _id: inside._id }, { $set: { ancestors: [...ancestors, ...below] } });
  }
}

async function countRecycledAbove(session: DocumentSession, folderId: string, change: 1 | -1): Promise<void> {
  for (const inside of await collection(session).find({ ancestors: { $elemMatch: { $eq: folderId } } })) {
    await collection(session).updateOne({ _id: inside._id }, { $inc: { recycledAncestors: change } });
  }
}

export const documentsReadModel: ReadModel = {
  collections: [DOCUMENTS],
  indexes: [
    { collection: DOCUMENTS, keys: { owner: 1, folderId: 1, status: 1, isFolder: -1, nameKey: 1, hiddenUntil: 1 } },
    { collection: DOCUMENTS, keys: { folderId: 1, status: 1, isFolder: -1, nameKey: 1, hiddenUntil: 1 } },
    { collection: DOCUMENTS, keys: { owner: 1, status: 1, recycledAncestors: 1, createdOn: 1 } },
    { collection: DOCUMENTS, keys: { expiresOn: 1 } },
  ],
  appliers: {
    async [DOCUMENT_CREATED](stored, session) {
      const data = dataOf<DocumentCreated['data']>(stored);
      const record: DocumentRecord = {
        _id: data.documentId,
        owner: data.owner,
        name: data.name,
        nameKey: data.name.toLowerCase(),
        number: data.number,
        folderId: data.folderId,
        ancestors: await pathTo(session, data.folderId),
        type: data.type,
        isFolder: data.isFolder,
        content: data.content,
        size: data.content?.size ?? 0,
        version: 1,
        createdOn: data.createdOn,
        hiddenUntil: data.createdOn > data.at ? data.createdOn : null,
        expiresOn: data.expiresOn,
        createdBy: data.createdBy,
        publishedBy: data.by,
        modifiedOn: null,
        modifiedBy: null,
        status: 'live',
        deletedOn: null,
        deletedBy: null,
        deletedFrom: null,
        recycledAncestors: 0,
        terms: searchTermsOf(data.name, data.number),
      };
      await collection(session).replaceOne({ _id: record._id }, record, { upsert: true });
    },
    async [DOCUMENT_CHANGED](stored, session) {
      const { documentId, changes, by, at } = dataOf<DocumentChanged['data']>(stored);
      const record = await collection(session).findOne({ _id: documentId });
      if (!record) return;
      const name = changes.name ?? record.name;
      const number = changes.number !== undefined ? changes.number : record.number;
      await collection(session).updateOne(
        { _id: documentId },
        { $set: { ...changes, nameKey: name.toLowerCase(), terms: searchTermsOf(name, number), modifiedOn: at, modifiedBy: by } },
      );
    },
    async [DOCUMENT_MOVED](stored, session) {
      const { documentId, toFolderId, by, at } = dataOf<DocumentMoved['data']>(stored);
      const record = await collection(session).findOne({ _id: documentId });
      if (record) await rehome(session, record, toFolderId, { modifiedOn: at, modifiedBy: by });
    },
    async [DOCUMENT_VERSION_ADDED](stored, session) {
      const { documentId, version, content, by, at } = dataOf<DocumentVersionAdded['data']>(stored);
      await collection(session).updateOne({ _id: documentId }, { $set: { version, content, size: content.size, modifiedOn: at, modifiedBy: by } });
    },
    async [DOCUMENT_RECYCLED](stored, session) {
      const { documentId, folderId, by, at } = dataOf<DocumentRecycled['data']>(stored);
      const record = await collection(session).findOne({ _id: documentId });
      if (!record) return;
      await collection(session).updateOne({ _id: documentId }, { $set: { status: 'recycled', deletedOn: at, deletedBy: by, deletedFrom: folderId } });
      if (record.isFolder) await countRecycledAbove(session, documentId, 1);
    },
    async [DOCUMENT_RESTORED](stored, session) {
      const { documentId, folderId } = dataOf<DocumentRestored['data']>(stored);
      const record = await collection(session).findOne({ _id: documentId });
      if (!record) return;
      await rehome(session, record, folderId, { status: 'live', deletedOn: null, deletedBy: null, deletedFrom: null });
      if (record.isFolder) await countRecycledAbove(session, documentId, -1);
    },
    async [DOCUMENT_PURGED](stored, session) {
      const { documentId } = dataOf<DocumentPurged['data']>(stored);
      await collection(session).deleteOne({ _id: documentId });
    },
  },
};
