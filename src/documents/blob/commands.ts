type Uploader = { uploadedBy: string; clientId: string; at: string };

export type RecordUpload = Uploader & { type: 'RecordUpload'; blobId: string; documentTypeCode: string; contentType: string; size: number; sha256: string };
export type StartUpload = Uploader & { type: 'StartUpload'; blobId: string; documentTypeCode: string; contentType: string; totalSize: number; expectedSha256?: string };
export type ReceivePart = { type: 'ReceivePart'; blobId: string; start: number; end: number; total: number; sha256: string; clientId: string; at: string };
export type CompleteUpload = { type: 'CompleteUpload'; blobId: string; size: number; sha256: string; at: string };
export type AbandonUpload = { type: 'AbandonUpload'; blobId: string; reason: 'expired' | 'digest-mismatch'; at: string };
export type DeleteBlob = { type: 'DeleteBlob'; blobId: string; deletedBy: string; clientId: string; at: string };

export type BlobCommand = RecordUpload | StartUpload | ReceivePart | CompleteUpload | AbandonUpload | DeleteBlob;
