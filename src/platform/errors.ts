/**
 * Errors that carry their HTTP status. One middleware turns them into RFC 7807 problem details,
 * so handlers and deciders throw meaning, not responses.
 */
export type ProblemFieldErrors = Record<string, string[]>;

/**
 * An empty collection of field errors. Its keys are names the caller chose, so it has no prototype: a
 * member called "constructor" or "__proto__" is then a field like any other, not Object.prototype's.
 */
export function emptyFieldErrors(): ProblemFieldErrors {
  return Object.create(null) as ProblemFieldErrors;
}

/**
 * extensions: members the body carries besides RFC 7807's own (RFC 7807, 3.2), for a service whose seed
 * wraps every answer (MPower's {data, success, messages}). cause: the unexpected error a service turned
 * into a 5xx of its own wording; it is logged as a fault, as an error the service left unnamed would be.
 */
export type ProblemExtras = { extensions?: Record<string, unknown>; cause?: unknown };

export class ProblemError extends Error {
  readonly extensions?: Record<string, unknown>;

  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail?: string,
    readonly errors?: ProblemFieldErrors,
    readonly headers: Record<string, string> = {},
    /** a machine-readable code a service's contract names (petitions' `PetitionNotFound`, delivery's `InvalidParameter`), sent as the problem's `code` member */
    readonly code?: string,
    extras: ProblemExtras = {},
  ) {
    super(detail ?? title, extras.cause === undefined ? undefined : { cause: extras.cause });
    this.name = 'ProblemError';
    this.extensions = extras.extensions;
  }

  /** The same problem carrying a contract's code. */
  withCode(code: string): ProblemError {
    return new ProblemError(this.status, this.title, this.detail, this.errors, this.headers, code, { extensions: this.extensions, cause: this.cause });
  }
}

export const badRequest = (detail: string, errors?: ProblemFieldErrors) =>
  new ProblemError(400, 'Bad Request', detail, errors);
export const unauthorized = (detail: string) => new ProblemError(401, 'Unauthorized', detail);
export const forbidden = (detail: string) => new ProblemError(403, 'Forbidden', detail);
export const notFound = (detail: string) => new ProblemError(404, 'Not Found', detail);
export const conflict = (detail: string, errors?: ProblemFieldErrors) => new ProblemError(409, 'Conflict', detail, errors);
export const payloadTooLarge = (detail: string) => new ProblemError(413, 'Payload Too Large', detail);
export const unsupportedMediaType = (detail: string) =>
  new ProblemError(415, 'Unsupported Media Type', detail);
/** Retry-After in whole seconds, at least 1 (RFC 9110: delay-seconds) */
const retryAfter = (retryAfterMs: number) => ({ 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) });
export const tooManyRequests = (detail: string, retryAfterMs: number) =>
  new ProblemError(429, 'Too Many Requests', detail, undefined, retryAfter(retryAfterMs));
export const serviceUnavailable = (detail: string, retryAfterMs: number) =>
  new ProblemError(503, 'Service Unavailable', detail, undefined, retryAfter(retryAfterMs));
export const unprocessable = (detail: string, errors?: ProblemFieldErrors) =>
  new ProblemError(422, 'Unprocessable Content', detail, errors);
