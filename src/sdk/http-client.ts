import { Agent, fetch as undiciFetch, request } from 'undici';
import { ConnectionError, ProblemError, type Problem } from './errors.js';
import type { TlsCredentials } from './tls.js';

export type HttpRequest = {
  headers?: Record<string, string>;
  body?: string | Buffer;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
};
export type HttpAnswer = { status: number; headers: Record<string, string | string[] | undefined>; text: string };

/**
 * HTTPS to the platform with the client certificate, over one keep-alive connection pool (undici).
 * A path is taken relative to the base URL; an absolute URL (a consumer instance's Location) as it is.
 */
export class HttpClient {
  private readonly agent: Agent;

  constructor(
    readonly baseUrl: string,
    readonly tls: TlsCredentials,
  ) {
    this.agent = new Agent({ connect: { ca: tls.ca, cert: tls.cert, key: tls.key }, keepAliveTimeout: 10_000 });
  }

  url(path: string): string {
    return /^https:\/\//.test(path) ? path : new URL(path, this.baseUrl).toString();
  }

  /** Any answer, refusals included; only a failure to reach the platform throws (ConnectionError). */
  async send(method: string, path: string, options: HttpRequest = {}): Promise<HttpAnswer> {
    const url = new URL(this.url(path));
    for (const [name, value] of Object.entries(options.query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
    try {
      const response = await request(url, {
        method: method as 'GET',
        headers: options.headers,
        body: options.body,
        signal: options.signal,
        dispatcher: this.agent,
      });
      return { status: response.statusCode, headers: response.headers, text: await response.body.text() };
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw new ConnectionError(url.toString(), error);
    }
  }

  /** The answer when its status is one of `expected`, else a ProblemError. */
  async expect(expected: number[], method: string, path: string, options: HttpRequest = {}): Promise<HttpAnswer> {
    const answer = await this.send(method, path, options);
    if (!expected.includes(answer.status)) throw problemOf(answer);
    return answer;
  }

  /**
   * A WHATWG fetch over the same pool and certificate (for the typed API client, openapi-fetch): Node's own
   * Request in, Node's own Response out, the call made by undici's fetch, which takes the Agent as dispatcher.
   * Any answer resolves, refusals included; only a failure to reach the platform throws (ConnectionError).
   */
  async fetch(input: Request): Promise<Response> {
    let answer: Awaited<ReturnType<typeof undiciFetch>>;
    try {
      answer = await undiciFetch(input.url, {
        method: input.method,
        headers: pairsOf(input.headers),
        body: input.body === null ? undefined : Buffer.from(await input.arrayBuffer()),
        redirect: input.redirect,
        signal: input.signal,
        dispatcher: this.agent,
      });
    } catch (error) {
      if (input.signal.aborted) throw error;
      throw new ConnectionError(input.url, error);
    }
    const body = NULL_BODY_STATUSES.has(answer.status) ? null : (answer.body as ReadableStream<Uint8Array> | null);
    return new Response(body, { status: answer.status, statusText: answer.statusText, headers: pairsOf(answer.headers) });
  }

  async getJson<T>(path: string, query?: HttpRequest['query']): Promise<T> {
    return JSON.parse((await this.expect([200], 'GET', path, { query })).text) as T;
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}

/** A Headers' names and values (forEach: some type libraries of Headers have no iterator). */
function pairsOf(headers: { forEach(callback: (value: string, name: string) => void): void }): [string, string][] {
  const pairs: [string, string][] = [];
  headers.forEach((value, name) => pairs.push([name, value]));
  return pairs;
}

/** Statuses whose answers have no body (a Response with one cannot be made). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

export function problemOf(answer: HttpAnswer): ProblemError {
  let problem: Problem = {};
  try {
    problem = JSON.parse(answer.text) as Problem;
  } catch {
    problem = { detail: answer.text.slice(0, 200) || undefined };
  }
  return new ProblemError(answer.status, problem, retryAfterSeconds(answer.headers['retry-after']));
}

/** Seconds from a Retry-After header given in seconds; undefined without one (or with a date). */
export function retryAfterSeconds(header: string | string[] | null | undefined): number | undefined {
  const seconds = Number(Array.isArray(header) ? header[0] : (header ?? undefined));
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}
