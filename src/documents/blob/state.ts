import { BLOB_DELETED, BLOB_PART_RECEIVED, BLOB_UPLOAD_ABANDONED, BLOB_UPLOAD_COMPLETED, BLOB_UPLOAD_STARTED, BLOB_UPLOADED, type BlobEvent } from './events';

export type BlobStatus = 'none' | 'uploading' | 'uploaded' | 'abandoned' | 'deleted';
export type ReceivedPart = { start: number; end: number; sha256: string };

/** A blob as its stream tells it: an upload under way (parts in order), or content stored whole. */
export type BlobState = {
  status: BlobStatus;
  clientId: string;
  uploadedBy: string;
  documentTypeCode: string;
  contentType: string;
  /** the declared total of a partial upload; the size once complete */
  totalSize: number;
  parts: ReceivedPart[];
  /** bytes received so far: the next part starts here */
  received: number;
  sha256: string | null;
  expectedSha256: string | null;
  startedAt: string;
};

export const initialBlobState = (): BlobState => ({
  status: 'none',
  clientId: '',
  uploadedBy: '',
  documentTypeCode: '',
  contentType: '',
  totalSize: 0,
  parts: [],
  received: 0,
  sha256: null,
  expectedSha256: null,
  startedAt: '',
});

export function evolveBlob(state: BlobState, event: BlobEvent): BlobState {
  switch (event.type) {
    case BLOB_UPLOADED: {
      const { clientId, uploadedBy, documentTypeCode, contentType, size, sha256, uploadedAt } = event.data;
      return { ...state, status: 'uploaded', clientId, uploadedBy, documentTypeCode, contentType, totalSize: size, received: size, sha256, startedAt: uploadedAt };
    }
    case BLOB_UPLOAD_STARTED: {
      const { clientId, uploadedBy, documentTypeCode, contentType, totalSize, expectedSha256, startedAt } = event.data;
      return { ...state, status: 'uploading', clientId, uploadedBy, documentTypeCode, contentType, totalSize, expectedSha256: expectedSha256 ?? null, startedAt };
    }
    case BLOB_PART_RECEIVED: {
      const { start, end, sha256 } = event.data;
      return { ...state, parts: [...state.parts, { start, end, sha256 }], received: end + 1 };
    }
    case BLOB_UPLOAD_COMPLETED:
      return { ...state, status: 'uploaded', sha256: event.data.sha256 };
    case BLOB_UPLOAD_ABANDONED:
      return { ...state, status: 'abandoned' };
    case BLOB_DELETED:
      return { ...state, status: 'deleted' };
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}

/** Every byte of a partial upload arrived, and it is not yet one blob. */
export const isWholeButNotCompleted = (state: BlobState) => state.status === 'uploading' && state.received === state.totalSize;
