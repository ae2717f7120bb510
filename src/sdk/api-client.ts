import createClient, { type Client } from 'openapi-fetch';
import { ProblemError, type Problem } from './errors.js';
import type { components, operations, paths } from './generated/openapi.js';
import { HttpClient, retryAfterSeconds } from './http-client.js';
import { loadTlsFiles, type TlsCredentials, type TlsFiles } from './tls.js';

/** Every path of the platform's HTTP APIs with its operations, as the OpenAPI document describes them (generated). */
export type ApiPaths = paths;
/** The operations by operationId (generated). */
export type ApiOperations = operations;
/** The schemas of the bodies and answers by component name, `ApiSchemas['PlatformProblem']` for instance (generated). */
export type ApiSchemas = components['schemas'];

/**
 * A typed client of the platform's HTTP APIs (openapi-fetch): `GET`, `POST`, `PUT`, `PATCH`, `DELETE` take a
 * path of the document and its parameters and body, checked by the compiler, and resolve to
 * `{ data, error, response }`: `data` the answer of a 2xx, `error` the problem of a refusal
 * (`application/problem+json`, `ApiSchemas['PlatformProblem']`). A failure to reach the platform throws
 * `ConnectionError`. `unwrap()` turns a refusal into the SDK's `ProblemError`.
 */
export type ApiClient = Client<paths>;

/** The typed client over an existing connection (its pool and certificate); `EgovClient.api` is one. */
export function apiClientOver(http: HttpClient): ApiClient {
  return createClient<paths>({ baseUrl: http.baseUrl, fetch: (request) => http.fetch(request) });
}

/** A typed client with a connection of its own: `close()` ends it. */
export function createApiClient(settings: { url: string } & ({ tls: TlsCredentials } | TlsFiles)): ApiClient & { close(): Promise<void> } {
  const http = new HttpClient(settings.url, 'tls' in settings ? settings.tls : loadTlsFiles(settings));
  return Object.assign(apiClientOver(http), { close: () => http.close() });
}

type Answer = { data?: unknown; error?: unknown; response: Response };

/**
 * The data of a typed call's 2xx answer; for a refusal, throws the SDK's `ProblemError` (status, problem
 * details, `transient`, Retry-After), as producing does, so that one retry policy serves both.
 */
export async function unwrap<A extends Answer>(call: Promise<A> | A): Promise<Extract<A, { error?: never }>['data']> {
  const answer = await call;
  if (answer.error === undefined && answer.response.ok) return answer.data as Extract<A, { error?: never }>['data'];
  const problem: Problem =
    answer.error !== null && typeof answer.error === 'object'
      ? (answer.error as Problem)
      : { detail: answer.error === undefined || answer.error === '' ? undefined : String(answer.error).slice(0, 200) };
  throw new ProblemError(answer.response.status, problem, retryAfterSeconds(answer.response.headers.get('retry-after')));
}
