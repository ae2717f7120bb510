import {
  BLOB_DELETED,
  BLOB_PART_RECEIVED,
  BLOB_UPLOAD_ABANDONED,
  BLOB_UPLOAD_COMPLETED,
  BLOB_UPLOAD_STARTED,
  BLOB_UPLOADED,
  type BlobPartReceived,
  type BlobUploadCompleted,
  type BlobUploaded,
  type BlobUploadStarted,
} from '../../src/documents/blob/events';
import type { BlobStatus } from '../../src/documents/blob/state';
import { DocumentsCollections } from './collections';
import { dataOf, type ReadModel } from './read-model';

/** An uploaded blob or an upload under way: what GET /mdocs/blobs/{id} shows and what the sweep abandons. */
export type BlobRecord = {
  _id: string;
  status: BlobStatus;
  clientId: string;
  documentTypeCode: string;
  contentType: string;
  totalSize: number;
  received: number;
  sha256: string | null;
  startedAt: string;
};

const { blobs: BLOBS } = DocumentsCollections;

export const blobsReadModel: ReadModel = {
  collections: [BLOBS],
  indexes: [{ collection: BLOBS, keys: { status: 1, startedAt: 1 } }],
  appliers: {
    async [BLOB_UPLOADED](stored, session) {
      const { blobId, clientId, documentTypeCode, contentType, size, sha256, uploadedAt } = dataOf<BlobUploaded['data']>(stored);
      const record: BlobRecord = { _id: blobId, status: 'uploaded', clientId, documentTypeCode, contentType, totalSize: size, received: size, sha256, startedAt: uploadedAt };
      await session.collection<BlobRecord>(BLOBS).replaceOne({ _id: blobId }, record, { upsert: true });
    },
    async [BLOB_UPLOAD_STARTED](stored, session) {
      const { blobId, clientId, documentTypeCode, contentType, totalSize, startedAt } = dataOf<BlobUploadStarted['data']>(stored);
      const record: BlobRecord = { _id: blobId, status: 'uploading', clientId, documentTypeCode, contentType, totalSize, received: 0, sha256: null, startedAt };
      await session.collection<BlobRecord>(BLOBS).replaceOne({ _id: blobId }, record, { upsert: true });
    },
    async [BLOB_PART_RECEIVED](stored, session) {
      const { blobId, end } = dataOf<BlobPartReceived['data']>(stored);
      await session.collection<BlobRecord>(BLOBS).updateOne({ _id: blobId }, { $set: { received: end + 1 } });
    },
    async [BLOB_UPLOAD_COMPLETED](stored, session) {
      const { blobId, sha256 } = dataOf<BlobUploadCompleted['data']>(stored);
      await session.collection<BlobRecord>(BLOBS).updateOne({ _id: blobId }, { $set: { status: 'uploaded', sha256 } });
    },
    async [BLOB_UPLOAD_ABANDONED](stored, session) {
      await session.collection<BlobRecord>(BLOBS).updateOne({ _id: dataOf<{ blobId: string }>(stored).blobId }, { $set: { status: 'abandoned' } });
    },
    async [BLOB_DELETED](stored, session) {
      await session.collection<BlobRecord>(BLOBS).updateOne({ _id: dataOf<{ blobId: string }>(stored).blobId }, { $set: { status: 'deleted' } });
    },
  },
};
