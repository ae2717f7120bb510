import { createHash } from 'node:crypto';

/** A stored blob: the SHA-256 of its bytes (its name) and their number. */
export type BlobRef = { sha256: string; size: number };

/**
 * Bytes too large for the log (notification attachments): content-addressed, so storing the same bytes
 * twice keeps one copy, and a name found in an event always means the same bytes. `put` resolves once
 * the bytes are durable; a caller appends the event that names them only then, so an event never names
 * a blob that is not there.
 */
export interface BlobStore {
  put(content: Buffer): Promise<BlobRef>;
  has(sha256: string): Promise<boolean>;
  /** Rejects with BlobNotFoundError when no blob has this name. */
  get(sha256: string): Promise<Buffer>;
  close(): Promise<void>;
}

export class BlobNotFoundError extends Error {
  constructor(readonly sha256: string) {
    super(`no blob named ${sha256}`);
    this.name = 'BlobNotFoundError';
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
