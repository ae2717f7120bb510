import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BlobLengthError } from '../../platform/blob-store/blob-store';
import { CountingHash } from '../../platform/blob-store/counting-hash';
import type { ClientDefinition } from '../../platform/identity/client-registry';
import { KeyedLock } from '../../platform/keyed-lock';
import { parseContentRange, rangeLength, type ContentRange } from '../blob/content-range';
import { DigestMismatchError, partFits } from '../blob/decider';
import { checkPartSize, PartRefusedError } from '../blob/part-rules';
import { isWholeButNotCompleted } from '../blob/state';
import { toBlobStreamId } from '../blob/stream';
import { InvalidInputError } from '../invalid-input';
import { checkQuota } from '../quota/decider';
import { quotaOf } from '../queries/usage';
import type { DocumentsContext } from './context';
import { BlobTooLargeError, contentOf, type UploadTarget } from './upload-content';
import { bodyStream } from './body-stream';

/** How a part's body did not match its Content-Range (400). */
export class PartLengthError extends Error {
  constructor(range: ContentRange, received: number | string) {
    super(`the body must hold the ${rangeLength(range)} bytes of its Content-Range; it held ${received}`);
    this.name = 'PartLengthError';
  }
}

export type UploadHeaders = { contentType: string; contentRange?: string; contentLength?: number };

/**
 * Uploads (POST /mdocs/blobs, PUT /mdocs/blobs/{id}): content is streamed into the blob store, hashed on
 * the way, and only then named in an event; a part is counted once its bytes are staged durably. An upload
 * in parts completes when its last byte arrives: the parts become one blob, hashed, and are removed.
 */
export class Uploads {
  /** completions of one upload, one at a time in this process (the last part's request and the sweep may meet) */
  private readonly completing = new KeyedLock();

  constructor(private readonly ctx: DocumentsContext) {}

  async start(client: ClientDefinition, target: UploadTarget, headers: UploadHeaders, body: IncomingMessage): Promise<{ id: string }> {
    const blobId = randomUUID();
    const common = { blobId, documentTypeCode: target.type.code, contentType: headers.contentType, uploadedBy: target.principal, clientId: client.id };
    if (headers.contentRange === undefined) {
      // refused before a byte is stored when the length is declared; checked again on what arrived
      if (headers.contentLength !== undefined) await this.checkQuota(target.principal, headers.contentLength);
      const stored = await contentOf(this.ctx, target, headers, body);
      await this.checkQuota(target.principal, stored.size);
      await this.ctx.commands.blobs.handle(toBlobStreamId(blobId), { type: 'RecordUpload', ...common, ...stored, at: this.ctx.now() }, client.id);
      return { id: blobId };
    }
    const range = parseContentRange(headers.contentRange);
    if (range.start !== 0) throw new PartRefusedError('an upload in parts starts with its first part: bytes 0-<end>/<total>', `bytes 0-${Math.min(range.total, 5 * 1024 * 1024) - 1}/${range.total}`);
    if (range.total > this.ctx.settings.maxBlobBytes) throw new BlobTooLargeError(this.ctx.settings.maxBlobBytes);
    checkPartSize(range);
    if (target.type.schema) {
      throw new InvalidInputError('documentTypeCode', `content of type ${target.type.code} is checked against its schema: send it whole, as JSON of at most 256 KB`);
    }
    checkDeclaredLength(headers.contentLength, range);
    await this.checkQuota(target.principal, range.total);
    const expectedSha256 = target.expectedSha256;
    await this.ctx.commands.blobs.handle(
      toBlobStreamId(blobId),
      { type: 'StartUpload', ...common, totalSize: range.total, ...(expectedSha256 ? { expectedSha256 } : {}), at: this.ctx.now() },
      client.id,
    );
    await this.receive(client, blobId, range, body);
    return { id: blobId };
  }

  /** One part: checked against the upload before its bytes are read, staged, counted; the last completes the upload. */
  async continue(client: ClientDefinition, blobId: string, headers: UploadHeaders, body: IncomingMessage): Promise<{ id: string; received: number; totalSize: number; complete: boolean }> {
    if (headers.contentRange === undefined) throw new InvalidInputError('Content-Range', 'is required: bytes <first>-<last>/<total> of this part');
    const range = parseContentRange(headers.contentRange);
    checkDeclaredLength(headers.contentLength, range);
    await this.receive(client, blobId, range, body);
    const { state } = await this.ctx.commands.blobs.load(toBlobStreamId(blobId));
    return { id: blobId, received: state.received, totalSize: state.totalSize, complete: state.status === 'uploaded' };
  }

  private async receive(client: ClientDefinition, blobId: string, range: ContentRange, body: IncomingMessage): Promise<void> {
    const stream = toBlobStreamId(blobId);
    const fit = partFits((await this.ctx.commands.blobs.load(stream)).state, blobId, client.id, range);
    const length = rangeLength(range);
    // a part sent again (its answer was lost) is only hashed, to check it is the same
    const ref = await (fit === 'repeat' ? hashOnly(bodyStream(body), length) : this.ctx.deps.blobs.stagePart(blobId, range.start, bodyStream(body), length)).catch((error: unknown) => {
      if (error instanceof BlobLengthError) throw new PartLengthError(range, error.received > length ? 'more' : error.received);
      throw error;
    });
    await this.ctx.commands.blobs.handle(stream, { type: 'ReceivePart', blobId, ...range, sha256: ref.sha256, clientId: client.id, at: this.ctx.now() }, client.id);
    await this.completeIfWhole(blobId);
  }

  /** Makes one blob of an upload whose every byte arrived (after the last part, or after a crash, by the sweep). */
  completeIfWhole(blobId: string): Promise<void> {
    return this.completing.run(blobId, async () => {
      const stream = toBlobStreamId(blobId);
      const { state } = await this.ctx.commands.blobs.load(stream);
      if (!isWholeButNotCompleted(state)) return;
      const ref = await this.ctx.deps.blobs.commitParts(blobId, state.parts.map((part) => part.start));
      try {
        await this.ctx.commands.blobs.handle(stream, { type: 'CompleteUpload', blobId, size: ref.size, sha256: ref.sha256, at: this.ctx.now() }, state.clientId);
      } catch (error) {
        if (!(error instanceof DigestMismatchError)) throw error;
        await this.ctx.commands.blobs.handle(stream, { type: 'AbandonUpload', blobId, reason: 'digest-mismatch', at: this.ctx.now() }, state.clientId);
        await this.ctx.deps.blobs.discardParts(blobId);
        throw error;
      }
      await this.ctx.deps.blobs.discardParts(blobId);
    });
  }

  private async checkQuota(principal: string, size: number): Promise<void> {
    checkQuota(principal, await quotaOf(this.ctx.deps.documents, principal, this.ctx.settings.defaultQuotaBytes), size);
  }
}

/** A Content-Length that contradicts the Content-Range is refused before a byte is read. */
function checkDeclaredLength(declared: number | undefined, range: ContentRange): void {
  if (declared !== undefined && declared !== rangeLength(range)) throw new PartLengthError(range, `a Content-Length of ${declared}`);
}

async function hashOnly(body: Readable, length: number) {
  const counter = new CountingHash({ exactly: length });
  await pipeline(body, counter, new Writable({ write: (_chunk, _encoding, done) => done() }));
  return counter.ref();
}
