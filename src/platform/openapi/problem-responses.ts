import type { ApiOperation } from './api-description';

export const PROBLEM_FILE = 'platform/problem.json';
export const PROBLEM_MEDIA_TYPE = 'application/problem+json';

const RETRY_AFTER = { 'Retry-After': { description: 'Seconds to wait before sending the request again.', schema: { type: 'integer', minimum: 1 } } };

/** Problems the platform may answer to any operation, besides those the operation names itself. */
export function platformProblems(operation: ApiOperation): Record<number, string> {
  const problems: Record<number, string> = {};
  if (operation.access !== 'anyone') problems[401] = 'The client could not be identified: no client certificate, one the platform does not trust, or one not in the client registry.';
  if (typeof operation.access === 'object') problems[403] = `The client lacks the registry right ${rightsText(operation.access.right)} of \`${operation.access.service}\`.`;
  if (operation.body) problems[413] = 'The body is larger than the operation takes.';
  problems[429] = 'The client is over its rate limit on this bridge; send again after Retry-After.';
  problems[500] = 'An unexpected error; its details are in the log under the traceId.';
  problems[503] = 'The event log cannot store events now (a full disk, the log unreachable); send again after Retry-After.';
  return { ...problems, ...operation.problems };
}

/** The headers a problem of this status comes with. */
export function problemHeaders(status: number) {
  return status === 429 || status === 503 ? RETRY_AFTER : undefined;
}

/** `a`, or `a` or `b`: the rights, any of which will do. */
export function rightsText(right: string | string[]): string {
  return [right].flat().map((name) => `\`${name}\``).join(' or ');
}
