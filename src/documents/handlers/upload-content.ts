import type { IncomingMessage } from 'node:http';
import { BlobLengthError, blobRefOf, type BlobRef } from '../../platform/blob-store/blob-store';
import { readJsonText } from '../../platform/http/read-body';
import { DigestMismatchError } from '../blob/decider';
import { ContentInvalidError, contentErrors } from '../document-type/content-schema';
import { InvalidInputError } from '../invalid-input';
import type { KnownType } from '../queries/document-types';
import type { DocumentsContext } from './context';
import { bodyStream } from './body-stream';
import type { UploadHeaders } from './uploads';

/** Seed: the whole message at most 256 KB (413): the limit of every JSON body, content included. */
export const MAX_MESSAGE_BYTES = 256 * 1024;

/** The blob is larger than the store takes (DOCUMENTS_MAX_BLOB_BYTES): 413. */
export class BlobTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`a blob holds at most ${maxBytes} bytes (DOCUMENTS_MAX_BLOB_BYTES)`);
    this.name = 'BlobTooLargeError';
  }
}

/** Who an upload is for and of which type; the digest the client announced, if any. */
export type UploadTarget = { principal: string; type: KnownType; expectedSha256?: string };

/** JSON content (application/json, or any +json type): parsed, and checked against the type's schema. */
export function isJsonContentType(contentType: string): boolean {
  const essence = contentType.split(';')[0].trim().toLowerCase();
  return essence === 'application/json' || essence.endsWith('+json');
}

/** Content JSON of a type with a schema: the value, or ContentInvalidError naming what fails. */
export function checkedContent(ctx: DocumentsContext, type: KnownType, value: unknown): void {
  const validate = ctx.types.validatorOf(type);
  if (validate && !validate(value)) throw new ContentInvalidError(type.code, contentErrors(validate.errors));
}

/**
 * The content of a single-request upload, stored: JSON (at most 256 KB) is parsed and checked against the
 * type's schema first; other content is streamed in, up to the largest blob. A type with a schema takes
 * JSON only.
 */
export async function contentOf(ctx: DocumentsContext, target: UploadTarget, headers: UploadHeaders, body: IncomingMessage): Promise<BlobRef> {
  const { maxBlobBytes } = ctx.settings;
  if (isJsonContentType(headers.contentType)) {
    const { text, value } = await readJsonText(body, MAX_MESSAGE_BYTES);
    checkedContent(ctx, target.type, value);
    const bytes = Buffer.from(text, 'utf8');
    checkDigest(target.expectedSha256, blobRefOf(bytes).sha256);
    return ctx.deps.blobs.put(bytes);
  }
  if (target.type.schema) {
    throw new InvalidInputError('Content-Type', `content of type ${target.type.code} is checked against its schema, so it must be JSON (application/json)`);
  }
  if (headers.contentLength !== undefined && headers.contentLength > maxBlobBytes) {
    body.resume();
    throw new BlobTooLargeError(maxBlobBytes);
  }
  const ref = await ctx.deps.blobs.putStream(bodyStream(body), { maxBytes: maxBlobBytes }).catch((error: unknown) => {
    throw error instanceof BlobLengthError ? new BlobTooLargeError(maxBlobBytes) : error;
  });
  checkDigest(target.expectedSha256, ref.sha256);
  return ref;
}

function checkDigest(expected: string | undefined, actual: string): void {
  if (expected && expected !== actual) throw new DigestMismatchError(expected, actual);
}
