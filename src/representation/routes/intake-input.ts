import type { Request } from 'express';
import { RequestValidationError } from '../../platform/http/request-validation';
import { readJson } from '../../platform/http/read-body';

/** The intake's bodies are small JSON objects: a power, a type, a reason. */
export const MAX_BODY_BYTES = 16 * 1024;

export const readIntakeBody = (request: Request) => readJson(request, MAX_BODY_BYTES);

/** A body left empty (no bytes) is an empty object: the moves that take nothing (acceptances, resumptions) may send none. */
export async function readOptionalBody(request: Request): Promise<unknown> {
  const declared = request.headers['content-length'];
  if (declared === '0' || (declared === undefined && request.headers['transfer-encoding'] === undefined)) {
    request.resume();
    return {};
  }
  return readIntakeBody(request);
}

/** A path's code, checked as the query's would be: 400 when it is not one. */
export function pathValue(request: Request, name: string, pattern: RegExp, key: string): string {
  const value = String(request.params[name]);
  if (!pattern.test(value)) throw new RequestValidationError([{ path: [name], key, message: `must match ${pattern.source}` }]);
  return value;
}

export const AUTHORIZATION_CODE = /^[0-9]{16}$/;
export const AUTHORIZATION_TYPE_CODE = /^AT-[0-9A-Za-z]{7}$/;
