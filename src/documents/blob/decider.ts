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

/** The whole's SHA-256 is not the one the client announced (Repr-Digest): the upload is abandoned. */
export class DigestMismatchError extends Error {
  constructor(
    readonly expected: string,
    readonly actual: string,
  ) {
    super(`the content's SHA-256 is ${actual}, not ${expected} as announced in Repr-Digest`);
    this.name = 'DigestMismatchError';
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
        const { blobId, documentTypeCode, contentType, totalSize, expectedSha256, uploadedBy, clientId, at } = command;
        const data = { blobId, documentTypeCode, contentType, totalSize, uploadedBy, clientId, startedAt: at };
        return [{ type: BLOB_UPLOAD_STARTED, data: expectedSha256 ? { ...data, expectedSha256 } : data }];
      }
      case 'ReceivePart': {
        const range = { start: command.start, end: command.end, total: command.total };
        if (partFits(state, command.blobId, command.clientId, range) === 'repeat') {
          const same = state.parts.find((part) => part.start === range.start && part.end === range.end)!;
          if (same.sha256 !== command.sha256) throw new PartRefusedError(`bytes ${range.start}-${range.end} arrived before with other content`, null);
          return [];
        }
        return [{ type: BLOB_PART_RECEIVED, data: { blobId: command.blobId, start: command.start, end: command.end, sha256: command.sha256, receivedAt: command.at } }];
      }
      case 'CompleteUpload':
        if (state.status === 'uploaded') return [];
        if (state.status !== 'uploading' || state.received !== state.totalSize) throw new UploadNotOpenError(command.blobId, 'not every byte has arrived');
        if (state.expectedSha256 && state.expectedSha256 !== command.sha256) throw new DigestMismatchError(state.expectedSha256, command.sha256);
        return [{ type: BLOB_UPLOAD_COMPLETED, data: { blobId: command.blobId, size: command.size, sha256: command.sha256, completedAt: command.at } }];
      case 'AbandonUpload':
        if (state.status !== 'uploading') return [];
        return [{ type: BLOB_UPLOAD_ABANDONED, data: { blobId: command.blobId, received: state.received, reason: command.reason, abandonedAt: command.at } }];
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

/**
 * Whether the client may send this part now (before its bytes are known; ReceivePart then checks that a
 * repeated part has the same bytes): 'next' to take, 'repeat' of a part received (its answer was lost).
 */
export function partFits(state: BlobState, blobId: string, clientId: string, range: { start: number; end: number; total: number }): 'next' | 'repeat' {
  if (state.status === 'none' || state.status === 'abandoned' || state.status === 'deleted') throw new BlobNotFoundError(blobId);
  if (state.clientId !== clientId) throw new BlobNotOwnedError(blobId);
  if (state.parts.length === 0 && state.status === 'uploaded') throw new UploadNotOpenError(blobId, 'it was uploaded whole, in one request');
  return state.status === 'uploaded' ? repeatOnly(state, range) : checkNextPart(state, range);
}

/** A complete upload takes a part again only as a retry of one it holds (its answer was lost). */
function repeatOnly(state: BlobState, range: { start: number; end: number; total: number }): 'repeat' {
  if (state.parts.some((part) => part.start === range.start && part.end === range.end) && range.total === state.totalSize) return 'repeat';
  throw new PartRefusedError('the upload is complete: every byte has arrived', null);
}
