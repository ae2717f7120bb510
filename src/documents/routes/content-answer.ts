import type { Request, Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { ProblemError } from '../../platform/errors';
import { rangeOf } from '../blob/byte-range';
import type { ContentRef } from '../document/events';
import type { Language } from '../document-type/definition';
import type { DocumentsContext } from '../handlers/context';
import { isJsonContentType, MAX_MESSAGE_BYTES } from '../handlers/upload-content';
import { InvalidInputError } from '../invalid-input';
import { CONTENT_SAFETY_HEADERS, transformContent } from '../transform/transform';

/** A stored content type as a header may carry it (a type that is not one is served as bytes). */
const servedType = (contentType: string) => (/^[\w.+-]+\/[\w.+-]+(\s*;\s*[\w-]+=("[^"\r\n]*"|[\w.+-]+))*$/.test(contentType) ? contentType : 'application/octet-stream');

/** The document's name as a download's file name (RFC 6266, UTF-8). */
const disposition = (name: string) => `attachment; filename*=UTF-8''${encodeURIComponent(name.toWellFormed())}`;

/**
 * What runs once the answer is decided and before any of it leaves: the personal-data access is logged
 * there, so that a refused download (a range the content does not have, a rendition of content that is
 * not JSON) logs nothing.
 */
export type BeforeSending = () => Promise<void>;

/**
 * Sends stored content, streamed from the blob store: whole (200), or the one byte range asked (206 with
 * Content-Range), or 416 for a range it does not have. Served as an attachment that a browser neither
 * sniffs nor runs.
 */
export async function sendContent(ctx: DocumentsContext, request: Request, response: Response, content: ContentRef, name: string, beforeSending: BeforeSending): Promise<void> {
  const range = rangeOf(request.headers.range, content.size);
  if (range.kind === 'unsatisfiable') {
    throw new ProblemError(416, 'Range Not Satisfiable', `the content holds ${content.size} bytes`, undefined, { 'content-range': `bytes */${content.size}` });
  }
  const part = range.kind === 'part' ? { start: range.start, end: range.end } : undefined;
  await beforeSending();
  const stream = await ctx.deps.blobs.read(content.sha256, part);
  response.status(part ? 206 : 200).set({
    ...CONTENT_SAFETY_HEADERS,
    'content-type': servedType(content.contentType),
    'content-length': String(part ? part.end - part.start + 1 : content.size),
    'accept-ranges': 'bytes',
    etag: `"${content.sha256}"`,
    'content-disposition': disposition(name),
    ...(part ? { 'content-range': `bytes ${part.start}-${part.end}/${content.size}` } : {}),
  });
  await pipeline(stream, response);
}

/** Stored JSON content of a type rendered as a PDF or an HTML page (a download with format=Pdf|Html). */
export async function sendRendition(
  ctx: DocumentsContext,
  response: Response,
  content: ContentRef,
  typeCode: string,
  format: 'pdf' | 'html',
  language: Language | undefined,
  beforeSending: BeforeSending,
): Promise<void> {
  if (!isJsonContentType(content.contentType) || content.size > MAX_MESSAGE_BYTES) {
    throw new InvalidInputError('format', 'only JSON content (at most 256 KB) is rendered by its type\'s templates');
  }
  const value: unknown = JSON.parse((await ctx.deps.blobs.get(content.sha256)).toString('utf8'));
  const rendition = await transformContent(ctx, await ctx.types.require(typeCode), format, language, value);
  await beforeSending();
  response.status(200).set({ ...CONTENT_SAFETY_HEADERS, 'content-type': rendition.contentType }).send(rendition.body);
}
