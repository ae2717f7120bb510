import type { DomainEvent } from '../../platform/decider';

export const BLOB_UPLOADED = 'md.gov.documents.blob.uploaded.v1';
export const BLOB_UPLOAD_STARTED = 'md.gov.documents.blob.upload-started.v1';
export const BLOB_PART_RECEIVED = 'md.gov.documents.blob.part-received.v1';
export const BLOB_UPLOAD_COMPLETED = 'md.gov.documents.blob.upload-completed.v1';
export const BLOB_UPLOAD_ABANDONED = 'md.gov.documents.blob.upload-abandoned.v1';
export const BLOB_DELETED = 'md.gov.documents.blob.deleted.v1';

/** Who uploaded: the principal the client acted as, and the client. */
type Uploader = { uploadedBy: string; clientId: string };

/** Content arrived whole in one request; its bytes are in the blob store under sha256. */
export type BlobUploaded = DomainEvent<
  typeof BLOB_UPLOADED,
  Uploader & { blobId: string; documentTypeCode: string; contentType: string; size: number; sha256: string; uploadedAt: string }
>;
/** A partial upload began (POST with Content-Range); its first part follows. */
export type BlobUploadStarted = DomainEvent<
  typeof BLOB_UPLOAD_STARTED,
  Uploader & {
    blobId: string;
    documentTypeCode: string;
    contentType: string;
    totalSize: number;
    /** the SHA-256 the client said the whole will have (Repr-Digest), checked on completion */
    expectedSha256?: string;
    startedAt: string;
  }
>;
/** One part's bytes are staged, durably: bytes start to end (included), their SHA-256. */
export type BlobPartReceived = DomainEvent<typeof BLOB_PART_RECEIVED, { blobId: string; start: number; end: number; sha256: string; receivedAt: string }>;
/** Every byte arrived: the parts are one blob, hashed. */
export type BlobUploadCompleted = DomainEvent<typeof BLOB_UPLOAD_COMPLETED, { blobId: string; size: number; sha256: string; completedAt: string }>;
/** A partial upload not completed in time, or whose whole did not have the digest announced: its parts are removed. */
export type BlobUploadAbandoned = DomainEvent<
  typeof BLOB_UPLOAD_ABANDONED,
  { blobId: string; received: number; reason: 'expired' | 'digest-mismatch'; abandonedAt: string }
>;
/** DELETE /blobs/{id}: the blob can no longer make documents (those made keep their content). */
export type BlobDeleted = DomainEvent<typeof BLOB_DELETED, { blobId: string; deletedBy: string; clientId: string; deletedAt: string }>;

export type BlobEvent = BlobUploaded | BlobUploadStarted | BlobPartReceived | BlobUploadCompleted | BlobUploadAbandoned | BlobDeleted;
