import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';

/** A stored blob: the SHA-256 of its bytes (its name) and their number. */
export type BlobRef = { sha256: string; size: number };

/** Bytes start to end of a blob, both included (as HTTP's Range counts them). */
export type ByteRange = { start: number; end: number };

/**
 * Bytes too large for the log (notification attachments, documents): content-addressed, so storing the
 * same bytes twice keeps one copy, and a name found in an event always means the same bytes. `put` and
 * `putStream` resolve once the bytes are durable; a caller appends the event that names them only then,
 * so an event never names a blob that is not there.
 *
 * Large content is streamed, never held whole: `putStream` hashes while it writes, `read` gives a stream
 * (or a part of one). An upload in parts stages each part under the upload's id at its first byte
 * (`stagePart`), and `commitParts` then stores the parts' bytes in order as one blob named by its hash;
 * staged parts are not blobs (no name, never shared) until then. Parts do not overlap: a part cut short
 * or refused leaves the bytes of its own range undefined until that range is staged again.
 */
export interface BlobStore {
  put(content: Buffer): Promise<BlobRef>;
  /** Stores what the stream gives; rejects with BlobLengthError past maxBytes, and stores nothing then or when the stream fails. */
  putStream(source: Readable, options?: { maxBytes?: number }): Promise<BlobRef>;
  has(sha256: string): Promise<boolean>;
  /** Rejects with BlobNotFoundError when no blob has this name. */
  get(sha256: string): Promise<Buffer>;
  /** The blob's bytes (or those of the range, which must lie within it) as a stream; BlobNotFoundError when none has this name. */
  read(sha256: string, range?: ByteRange): Promise<Readable>;
  /**
   * Stages one part of an upload: exactly `length` bytes from the stream (BlobLengthError for more or
   * fewer), durable when it resolves. Staging the same part again replaces it.
   */
  stagePart(uploadId: string, start: number, source: Readable, length: number): Promise<BlobRef>;
  /** Stores the staged parts (by their first bytes, in this order) as one blob; the parts stay staged until discarded. */
  commitParts(uploadId: string, starts: number[]): Promise<BlobRef>;
  /** Forgets an upload's staged parts (none staged: nothing to do). */
  discardParts(uploadId: string): Promise<void>;
  close(): Promise<void>;
}

export class BlobNotFoundError extends Error {
  constructor(readonly sha256: string) {
    super(`no blob named ${sha256}`);
    this.name = 'BlobNotFoundError';
  }
}

/** A stream gave more bytes than allowed, or a part fewer or more than its length. */
export class BlobLengthError extends Error {
  constructor(
    readonly expected: { exactly?: number; atMost?: number },
    readonly received: number,
  ) {
    super(expected.exactly !== undefined ? `expected exactly ${expected.exactly} bytes, received ${received}` : `more than ${expected.atMost} bytes`);
    this.name = 'BlobLengthError';
  }
}

export function blobRefOf(content: Buffer): BlobRef {
  return { sha256: createHash('sha256').update(content).digest('hex'), size: content.length };
}

/** Whether a name is a blob's: a SHA-256 in lower-case hex. */
export function isBlobName(name: string): boolean {
  return /^[0-9a-f]{64}$/.test(name);
}

/** A blob's name as given by a caller, checked before it reaches a path or a query. */
export function checkedBlobName(sha256: string): string {
  if (!isBlobName(sha256)) throw new Error(`not a blob name (a SHA-256 in lower-case hex): ${sha256}`);
  return sha256;
}

/** An upload's id as given by a caller, checked before it reaches a path or a query: a lower-case uuid. */
export function checkedUploadId(uploadId: string): string {
  if (!/^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/.test(uploadId)) throw new Error(`not an upload id (a lower-case uuid): ${uploadId}`);
  return uploadId;
}
