import type { DocumentSession } from '../../src/platform/document-store/document-store';
import {
  DOCUMENT_CREATED,
  DOCUMENT_PURGED,
  DOCUMENT_VERSION_ADDED,
  DOCUMENT_VERSIONS_DELETED,
  type ContentRef,
  type DocumentCreated,
  type DocumentPurged,
  type DocumentVersionAdded,
  type DocumentVersionsDeleted,
} from '../../src/documents/document/events';
import { DocumentsCollections } from './collections';
import { dataOf, type ReadModel } from './read-model';

/** A kept version of a document's content. */
export type VersionRecord = { _id: string; documentId: string; owner: string; version: number; content: ContentRef; modifiedOn: string; modifiedBy: string };

/** How many of an owner's versions name the same stored bytes: the quota counts them once. */
export type BlobReferenceRecord = { _id: string; owner: string; sha256: string; size: number; count: number };

/** An owner's storage usage: the sizes of the distinct stored contents its documents keep (recycled ones too). */
export type UsageRecord = { _id: string; storageUsage: number };

const { versions: VERSIONS, blobRefs: REFS, usage: USAGE } = DocumentsCollections;

const versionId = (documentId: string, version: number) => `${documentId}:${version}`;

async function reference(session: DocumentSession, owner: string, content: ContentRef, change: 1 | -1): Promise<void> {
  const refs = session.collection<BlobReferenceRecord>(REFS);
  const id = `${owner}|${content.sha256}`;
  const count = ((await refs.findOne({ _id: id }))?.count ?? 0) + change;
  if (count <= 0) await refs.deleteOne({ _id: id });
  else await refs.replaceOne({ _id: id }, { _id: id, owner, sha256: content.sha256, size: content.size, count }, { upsert: true });
  // the owner's usage moves when the first version naming the bytes comes, or the last goes
  if ((change === 1 && count === 1) || (change === -1 && count === 0)) {
    await session.collection<UsageRecord>(USAGE).updateOne({ _id: owner }, { $inc: { storageUsage: change * content.size } }, { upsert: true });
  }
}

async function keep(session: DocumentSession, record: VersionRecord): Promise<void> {
  await session.collection<VersionRecord>(VERSIONS).replaceOne({ _id: record._id }, record, { upsert: true });
  await reference(session, record.owner, record.content, 1);
}

async function drop(session: DocumentSession, version: VersionRecord): Promise<void> {
  await session.collection<VersionRecord>(VERSIONS).deleteOne({ _id: version._id });
  await reference(session, version.owner, version.content, -1);
}

/** The versions each document keeps, and what they count against their owner's quota. */
export const contentsReadModel: ReadModel = {
  collections: [VERSIONS, REFS, USAGE],
  indexes: [{ collection: VERSIONS, keys: { documentId: 1, version: 1 } }],
  appliers: {
    async [DOCUMENT_CREATED](stored, session) {
      const { documentId, owner, content, by, at } = dataOf<DocumentCreated['data']>(stored);
      if (content) await keep(session, { _id: versionId(documentId, 1), documentId, owner, version: 1, content, modifiedOn: at, modifiedBy: by });
    },
    async [DOCUMENT_VERSION_ADDED](stored, session) {
      const { documentId, version, content, replacesPrevious, by, at } = dataOf<DocumentVersionAdded['data']>(stored);
      const versions = await session.collection<VersionRecord>(VERSIONS).find({ documentId }, { sort: { version: -1 }, limit: 1 });
      if (versions.length === 0) return;
      await keep(session, { _id: versionId(documentId, version), documentId, owner: versions[0].owner, version, content, modifiedOn: at, modifiedBy: by });
      if (replacesPrevious) await drop(session, versions[0]);
    },
    async [DOCUMENT_VERSIONS_DELETED](stored, session) {
      const { documentId, versions } = dataOf<DocumentVersionsDeleted['data']>(stored);
      for (const version of await session.collection<VersionRecord>(VERSIONS).find({ documentId, version: { $in: versions } })) await drop(session, version);
    },
    async [DOCUMENT_PURGED](stored, session) {
      const { documentId } = dataOf<DocumentPurged['data']>(stored);
      for (const version of await session.collection<VersionRecord>(VERSIONS).find({ documentId })) await drop(session, version);
    },
  },
};
