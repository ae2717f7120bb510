import type { IncomingMessage } from 'node:http';
import { ProblemError } from '../../platform/errors';
import { LogUnavailableError } from '../../platform/event-store/event-store';
import { CLIENTS_API } from '../service';

/** The seed's response envelope of every MPower operation. */
export type Envelope<T> = { data: T; success: boolean; messages: string[] };

export const succeeded = <T>(data: T): Envelope<T> => ({ data, success: true, messages: [] });

/** Whether a request is one of the seed's checks (answered in the envelope, refusals too). */
export const isCheck = (request: Pick<IncomingMessage, 'url'> & { originalUrl?: string }) => {
  const path = (request.originalUrl ?? request.url ?? '').split('?')[0];
  return path === CLIENTS_API || path.startsWith(`${CLIENTS_API}/`);
};

/** The fault codes of the seed's error table, by status: the code a refusal's message starts with. */
const FAULT_CODES: Record<number, string> = {
  400: 'InvalidParameter',
  401: 'AuthenticationFailed',
  403: 'AccessDenied',
  404: 'NotFound',
  413: 'InvalidParameter',
  429: 'TooManyRequests',
  431: 'InvalidParameter',
};

const LOG_RETRY_AFTER = { 'retry-after': '10' };

/**
 * A refusal of a check in the seed's envelope and RFC 7807 at once: the problem's members, and `data`
 * (null), `success` (false) and `messages` (one English text per cause, "<code>: <cause>"). Unexpected
 * failures become the seed's two server errors: 500 when the service's database (the event log) cannot be
 * reached, 501 for any other fault, whose details stay in the log with the trace id.
 */
export function envelopedRefusal(error: unknown): unknown {
  if (error instanceof ProblemError) return withEnvelope(error);
  if (error instanceof LogUnavailableError) {
    return withEnvelope(new ProblemError(500, 'Internal Server Error', 'the service cannot reach its database now; send the request again later', undefined, LOG_RETRY_AFTER, undefined, { cause: error }));
  }
  if (error instanceof Error) {
    return withEnvelope(new ProblemError(501, 'Server Error', 'a server error occurred; contact the administrator, quoting the traceId', undefined, {}, undefined, { cause: error }));
  }
  return error;
}

function withEnvelope(problem: ProblemError): ProblemError {
  const code = FAULT_CODES[problem.status] ?? (problem.status >= 500 ? 'ServerError' : 'InvalidParameter');
  const causes = problem.errors ? Object.entries(problem.errors).flatMap(([field, texts]) => texts.map((text) => `${field} ${text}`)) : [problem.detail ?? problem.title];
  const extensions = { data: null, success: false, messages: causes.map((cause) => `${code}: ${cause}`) };
  return new ProblemError(problem.status, problem.title, problem.detail, problem.errors, problem.headers, problem.code, { extensions, cause: problem.cause });
}
