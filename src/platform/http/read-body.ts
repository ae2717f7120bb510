import { isUtf8 } from 'node:buffer';
import type { IncomingMessage } from 'node:http';
import { badRequest, payloadTooLarge } from '../errors';
import { changedNumbersDetail, parseJsonExactly } from '../json-numbers';
import { loneSurrogatePath } from '../json-unicode';
import { RequestValidationError } from './request-validation';

/**
 * Reads the whole request body, refusing (413) as soon as it passes the limit. `onChunk` hears the size
 * of every chunk kept (a caller that accounts for the memory requests hold).
 */
export function readBody(request: IncomingMessage, limitBytes: number, onChunk?: (bytes: number) => void): Promise<Buffer> {
  const coding = contentCodingProblem(request);
  if (coding) {
    request.resume();
    return Promise.reject(coding);
  }
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limitBytes) {
    request.resume();
    return Promise.reject(payloadTooLarge(`the request is larger than the limit of ${limitBytes} bytes`));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limitBytes) {
        request.removeAllListeners('data');
        request.resume();
        reject(payloadTooLarge(`the request is larger than the limit of ${limitBytes} bytes`));
        return;
      }
      chunks.push(chunk);
      onChunk?.(chunk.length);
    });
    request.on('end', () => resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size)));
    request.on('error', (error: Error & { code?: string }) => reject(error.code === 'ECONNRESET' ? abandoned() : error));
  });
}

/**
 * Bodies are read as sent: a compressed one (Content-Encoding gzip, br, ...) would be taken for its
 * compressed bytes, stored as a payload or refused as JSON that is not, so it is refused as such.
 */
function contentCodingProblem(request: IncomingMessage) {
  const coding = request.headers['content-encoding']?.trim().toLowerCase();
  if (coding === undefined || coding === '' || coding === 'identity') return null;
  return badRequest(`Content-Encoding ${coding} is not supported: send the body uncompressed`, { 'content-encoding': ['is not supported'] });
}

/**
 * The caller closed its connection before the body was complete (Node's `aborted` error): the caller's
 * doing, not a fault of the platform, so it is a 400 like any incomplete request, not an unexpected error
 * logged as one. Nobody is left to read the answer.
 */
const abandoned = () => badRequest('the connection closed before the request body was complete');

/** The body as UTF-8 text; 400 when its bytes are not UTF-8 (they would be kept as U+FFFD without a word). */
export async function readUtf8Text(request: IncomingMessage, limitBytes: number): Promise<string> {
  const body = await readBody(request, limitBytes);
  if (!isUtf8(body)) throw badRequest('the body is not UTF-8 text');
  return body.toString('utf8');
}

export async function readJson(request: IncomingMessage, limitBytes: number, onChunk?: (bytes: number) => void): Promise<unknown> {
  return (await readJsonText(request, limitBytes, onChunk)).value;
}

/**
 * The body as JSON, every string and member name of it Unicode text: a lone surrogate written as an escape
 * ("\ud800", which I-JSON forbids) is refused as a RequestValidationError naming the member, as the exchange
 * and the event log refuse it. Kept, it would reach a service's events, its notices and, in a file name, a
 * Content-Disposition that cannot carry it.
 */
export async function readUnicodeJson(request: IncomingMessage, limitBytes: number): Promise<unknown> {
  const value = await readJson(request, limitBytes);
  const path = loneSurrogatePath(value);
  if (path) throw new RequestValidationError([{ path, key: 'unicode', message: 'must be Unicode text: an unpaired surrogate (\\ud800-\\udfff alone) has no UTF-8 form' }]);
  return value;
}

/**
 * The body as JSON: its text (UTF-8) and the value parsed from it; 400 when it is not JSON, or holds a
 * number that parsing would change (src/platform/json-numbers.ts).
 */
export async function readJsonText(
  request: IncomingMessage,
  limitBytes: number,
  onChunk?: (bytes: number) => void,
): Promise<{ text: string; value: unknown }> {
  const body = await readBody(request, limitBytes, onChunk);
  // JSON between systems is UTF-8 (RFC 8259, 8.1); other bytes would be stored as U+FFFD without a word
  if (!isUtf8(body)) throw badRequest('the body is not valid JSON: it is not UTF-8 text');
  const text = body.toString('utf8');
  const parsed = parseJsonExactly(text);
  if (!parsed.json) throw badRequest('the body is not valid JSON');
  if (parsed.changedNumbers.length > 0) throw badRequest(changedNumbersDetail(parsed.changedNumbers));
  return { text, value: parsed.value };
}
