import { isUtf8 } from 'node:buffer';
import type { ErrorRequestHandler, Request } from 'express';
import { ProblemError } from '../../platform/errors';
import { readBody } from '../../platform/http/read-body';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../platform/json-depth';
import { parseJsonExactly } from '../../platform/json-numbers';
import { canonicalUuid } from '../../platform/http/request-validation';
import { languageOfRequest, type Language } from '../messages';
import { ruleProblem, validationProblem } from '../problems';

const BODY_LIMIT_BYTES = 256 * 1024;

/** The body as JSON whatever its Content-Type (curl -d sends form encoding by default). */
export async function jsonBody(request: Request, language: Language): Promise<unknown> {
  const body = await readBody(request, BODY_LIMIT_BYTES).catch((error: unknown) => {
    if (error instanceof ProblemError && error.status === 413) throw ruleProblem(language, 413, 'bodyTooLarge', { max: BODY_LIMIT_BYTES });
    if (error instanceof ProblemError && error.errors?.['content-encoding']) throw ruleProblem(language, 400, 'contentEncodingUnsupported', {}, 'Content-Encoding');
    throw error;
  });
  // JSON between systems is UTF-8 (RFC 8259, 8.1)
  if (!isUtf8(body)) throw validationProblem(language, [{ field: '$', key: 'invalidJson' }]);
  const parsed = parseJsonExactly(body.toString('utf8'), 1);
  if (!parsed.json) throw validationProblem(language, [{ field: '$', key: 'invalidJson' }]);
  const [changed] = parsed.changedNumbers;
  if (changed !== undefined) throw validationProblem(language, [{ field: '$', key: 'inexactNumber', params: { value: changed } }]);
  const { value } = parsed;
  // the request's hash and the validation walk a body recursively (src/platform/json-depth.ts)
  if (nestsDeeperThan(value, MAX_JSON_DEPTH)) throw validationProblem(language, [{ field: '$', key: 'nestedTooDeep', params: { max: MAX_JSON_DEPTH } }]);
  return value;
}

export function idempotencyKeyOf(request: Request, language: Language): string | null {
  const key = request.headers['idempotency-key'];
  if (key === undefined) return null;
  if (typeof key !== 'string' || !/^[\x21-\x7e]{1,200}$/.test(key)) throw ruleProblem(language, 400, 'idempotencyKeyInvalid', {}, 'Idempotency-Key');
  return key;
}

/** A uuid path segment ({appointmentId}, {id}), in its canonical spelling; anything else is a 400 naming the parameter. */
export function uuidParam(value: unknown, field: string, language: Language): string {
  const id = typeof value === 'string' ? canonicalUuid(value) : null;
  if (id === null) throw validationProblem(language, [{ field, key: 'uuid' }]);
  return id;
}

/**
 * Express refuses a path segment that is not valid percent-encoding (%ZZ, or bytes that are not UTF-8)
 * while it matches the routes, before any handler runs, with a 400 of its own in English. The booking
 * paths' parameters are uuids, so such a segment is answered as a malformed one, in the caller's language.
 */
export function refuseUndecodablePath(field: string): ErrorRequestHandler {
  return (error, request, _response, next) => next(error instanceof URIError ? validationProblem(languageOfRequest(request), [{ field, key: 'uuid' }]) : error);
}
