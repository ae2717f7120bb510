import { createHash, type Hash } from 'node:crypto';
import { Transform } from 'node:stream';
import { BlobLengthError, type BlobRef } from './blob-store';

/**
 * A pass-through that hashes (SHA-256) and counts the bytes on their way to storage, and fails the
 * stream as soon as they pass the limit, so that a too large body is refused without being kept whole.
 */
export class CountingHash extends Transform {
  private readonly hash = createHash('sha256');
  size = 0;

  /** also: a hash of more than these bytes (a whole upload's, part after part) that they are added to */
  constructor(
    private readonly limit: { exactly?: number; atMost?: number } = {},
    private readonly also?: Hash,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null, data?: Buffer) => void): void {
    this.size += chunk.length;
    const most = this.limit.exactly ?? this.limit.atMost;
    if (most !== undefined && this.size > most) return done(new BlobLengthError(this.limit, this.size));
    this.hash.update(chunk);
    this.also?.update(chunk);
    done(null, chunk);
  }

  /** The bytes' name and size, once the stream has ended; a part whose length differs is refused. */
  ref(): BlobRef {
    if (this.limit.exactly !== undefined && this.size !== this.limit.exactly) throw new BlobLengthError(this.limit, this.size);
    return { sha256: this.hash.digest('hex'), size: this.size };
  }
}
