import type { Decider } from '../../platform/decider';
import type { BlobCommand } from './commands';
import { BLOB_DELETED, BLOB_PART_RECEIVED, BLOB_UPLOAD_ABANDONED, BLOB_UPLOAD_COMPLETED, BLOB_UPLOAD_STARTED, BLOB_UPLOADED, type BlobEvent } from './events';
import { checkNextPart, PartRefusedError } from './part-rules';
import { evolveBlob, initialBlobState, type BlobState } from './state';

export class BlobNotFoundError extends Error {
  constructor(readonly blobId: string) {
    super(`no blob ${blobId} (never uploaded, deleted, or an upload abandoned)`);
    this.name = 'BlobNotFoundError';
  }
}

export class BlobNotOwnedError extends Error {
  constructor(readonly blobId: string) {
    super(`blob ${blobId} was uploaded by another client: only its uploader may continue or delete it`);
    this.name = 'BlobNotOwnedError';
  }
}

export class BlobExistsError extends Error {
  constructor(readonly blobId: string) {
    super(`blob ${blobId} exists already`);
    this.name = 'BlobExistsError';
  }
}

/** The upload is not a partial one under way, so no part or completion fits it. */
export class UploadNotOpenError extends Error {
  constructor(readonly blobId: string, reason: string) {
    super(`blob ${blobId} takes no part: ${reason}`);
    this.name = 'UploadNotOpenError';
  }
}

/**
 * A blob is recorded once, whole or started in parts; parts arrive in order (part-rules.ts); it is
 * complete once every byte arrived and the parts became one blob; an upload left open too long is
 * abandoned; a deleted blob makes no more documents.
 */
export const blobDecider: Decider<BlobCommand, BlobEvent, BlobState> = {
  initialState: initialBlobState,
  evolve: evolveBlob,
  decide: (command, state) => {
    const gone = state.status === 'none' || state.status === 'abandoned' || state.status === 'deleted';
    switch (command.type) {
      case 'RecordUpload': {
        if (state.status !== 'none') throw new BlobExistsError(command.blobId);
        const { blobId, documentTypeCode, contentType, size, sha256, uploadedBy, clientId, at } = command;
        return [{ type: BLOB_UPLOADED, data: { blobId, documentTypeCode, contentType, size, sha256, uploadedBy, clientId, uploadedAt: at } }];
      }
      case 'StartUpload': {
        if (state.status !== 'none') throw new BlobExistsError(command.blobId);
        const { blobId, documentTypeCode, contentType, totalSize, uploadedBy, clientId, at } = command;
        return [{ type: BLOB_UPLOAD_STARTED, data: { blobId, documentTypeCode, contentType, totalSize, uploadedBy, clientId, startedAt: at } }];
      }
      case 'ReceivePart': {
        if (gone) throw new BlobNotFoundError(command.blobId);
        if (state.clientId !== command.clientId) throw new BlobNotOwnedError(command.blobId);
        if (state.parts.length === 0 && state.status === 'uploaded') throw new UploadNotOpenError(command.blobId, 'it was uploaded whole, in one request');
        const range = { start: command.start, end: command.end, total: command.total };
        const fit = state.status === 'uploaded' ? repeatOnly(state, range) : checkNextPart(state, range);
        if (fit === 'repeat') {
          const same = state.parts.find((part) => part.start === range.start && part.end === range.end)!;
          if (same.sha256 !== command.sha256) throw new PartRefusedError(`bytes ${range.start}-${range.end} arrived before with other content`, null);
          return [];
        }
        return [{ type: BLOB_PART_RECEIVED, data: { blobId: command.blobId, start: command.start, end: command.end, sha256: command.sha256, receivedAt: command.at } }];
      }
      case 'CompleteUpload':
        if (state.status === 'uploaded') return [];
        if (state.status !== 'uploading' || state.received !== state.totalSize) throw new UploadNotOpenError(command.blobId, 'not every byte has arrived');
        return [{ type: BLOB_UPLOAD_COMPLETED, data: { blobId: command.blobId, size: command.size, sha256: command.sha256, completedAt: command.at } }];
      case 'AbandonUpload':
        if (state.status !== 'uploading') return [];
        return [{ type: BLOB_UPLOAD_ABANDONED, data: { blobId: command.blobId, received: state.received, abandonedAt: command.at } }];
      case 'DeleteBlob':
        if (state.status === 'deleted') return [];
        if (gone) throw new BlobNotFoundError(command.blobId);
        if (state.clientId !== command.clientId) throw new BlobNotOwnedError(command.blobId);
        return [{ type: BLOB_DELETED, data: { blobId: command.blobId, deletedBy: command.deletedBy, clientId: command.clientId, deletedAt: command.at } }];
      default: {
        const unexpected: never = command;
        return unexpected;
      }
    }
  },
};

/** A complete upload takes a part again only as a retry of one it holds (its answer was lost). */
function repeatOnly(state: BlobState, range: { start: number; end: number; total: number }): 'repeat' {
  if (state.parts.some((part) => part.start === range.start && part.end === range.end) && range.total === state.totalSize) return 'repeat';
  throw new PartRefusedError('the upload is complete: every byte has arrived', null);
}
