import { randomUUID } from 'node:crypto';
import { maxHeaderSize, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { notFound, ProblemError, serviceUnavailable } from '../errors';
import { AppendTooLargeError, LogUnavailableError } from '../event-store/event-store';
import { describeKnownCaller } from '../identity/authenticate';
import type { Logger } from '../logger';
import { pathForLog } from '../log-privacy';

/**
 * RFC 7807 problem details for every error. Internal details (stack traces, SQL, paths) are logged
 * with the trace id and never sent; the caller gets the trace id to quote, and every refusal has a log
 * line with that id (loggedProblemFor).
 */
export type ProblemBody = {
  type: string;
  title: string;
  status: number;
  detail?: string;
  instance?: string;
  traceId: string;
  errors?: Record<string, string[]>;
  /** an RFC 7807 extension member: the error code a service's contract names, when it names one */
  code?: string;
};

/** Members a service adds to its problems (ProblemError.extensions). */
type Extensions = { [member: string]: unknown };

export function sendProblem(response: Response, problem: Omit<ProblemBody, 'traceId' | 'type'> & { type?: string } & Extensions) {
  const body: ProblemBody & Extensions = {
    type: problem.type ?? `https://httpstatuses.io/${problem.status}`,
    ...problem,
    traceId: traceIdOf(response),
  };
  response.status(problem.status).type('application/problem+json').send(JSON.stringify(body));
}

export function traceIdOf(response: Response): string {
  let traceId = response.locals.traceId as string | undefined;
  if (!traceId) {
    traceId = randomUUID();
    response.locals.traceId = traceId;
  }
  return traceId;
}

/** Unknown paths go to the problem handler like any other refusal, so they are logged too. */
export const notFoundHandler: RequestHandler = (request, _response, next) => {
  next(notFound(`no resource at ${request.method} ${request.path}`));
};

/**
 * What the log says of a refused request besides its problem. The socket names the caller when its
 * certificate was already looked up (every HTTP request's is, by the rate limiter); code: Node's parser
 * error, for a request it could not read.
 */
export type RefusedRequest = { method?: string; path?: string; socket?: Duplex; code?: string; template?: string };

/** An HTTP/1.1 request as a refusal's log line and `instance` name it: its method, its path without the query, its connection. */
export function refusedRequestOf(request: IncomingMessage): RefusedRequest & { path: string } {
  return { method: request.method, path: (request.url ?? '/').split('?')[0], socket: request.socket };
}

/**
 * The level of a refusal's log line: an unexpected error is an error; 401 and 403 are warnings (someone
 * tried what they may not); 429 and 503 are debug, since they come at the callers' rate while a limit is
 * reached and would fill the log just then (the produce path warns of its 503s every 10 s); any other
 * refusal is info.
 */
export function refusalLevel(status: number, unexpected: boolean): 'error' | 'warn' | 'info' | 'debug' {
  if (unexpected) return 'error';
  if (status === 401 || status === 403) return 'warn';
  if (status === 429 || status === 503) return 'debug';
  return 'info';
}

/**
 * The problem for an error, logged with the trace id the caller is given. The problem's detail is not
 * logged: it can quote what the caller sent (a field's value, a search filter), which may be personal
 * data; the line names the fields instead, and the caller who quotes the trace id has the detail.
 * An unexpected error is logged with the error itself, which the caller never sees.
 */
function loggedProblemFor(error: unknown, traceId: string, request: RefusedRequest, logger: Logger): ReturnType<typeof problemFor> {
  const found = problemFor(error);
  const { problem, unexpected } = found;
  const level = refusalLevel(problem.status, unexpected);
  if (!logger.isLevelEnabled(level)) return found;
  const socket = request.socket as (Duplex & { remoteAddress?: string }) | undefined;
  const line = {
    status: problem.status,
    title: problem.title,
    traceId,
    method: request.method,
    path: request.path === undefined ? undefined : pathForLog(request.path, request.template),
    caller: socket ? describeKnownCaller(socket) : undefined,
    address: socket?.remoteAddress,
    code: request.code,
    fields: problem.errors ? Object.keys(problem.errors) : undefined,
    err: unexpected ? faultOf(error) : undefined,
  };
  logger[level](line, unexpected ? 'request failed' : 'request refused');
  return found;
}

/** The error to log for an unexpected failure: the one a service wrapped in a 5xx problem of its own, else itself. */
const faultOf = (error: unknown) => (error instanceof ProblemError && error.cause !== undefined ? error.cause : error);

/** What a caller refused because the log cannot store events is asked to wait before sending again. */
const LOG_RETRY_AFTER_MS = 10_000;

/**
 * The problem for any error: a ProblemError says its own status; the log unable to store events is a 503;
 * body-parser style errors with a 4xx status keep it; anything else is a 500 whose details stay in the log.
 */
export function problemFor(error: unknown): { problem: Omit<ProblemBody, 'traceId' | 'type' | 'instance'> & Extensions; headers: Record<string, string>; unexpected: boolean } {
  if (error instanceof ProblemError) {
    const problem = { status: error.status, title: error.title, detail: error.detail, errors: error.errors, ...(error.code ? { code: error.code } : {}), ...error.extensions };
    return { problem, headers: error.headers, unexpected: error.status >= 500 && error.cause !== undefined };
  }
  if (error instanceof LogUnavailableError) {
    // the platform's fault, logged as an error with its reason; the caller may send the same request again
    const { status, title, detail, headers } = serviceUnavailable('the event log cannot store events now; send the request again later', LOG_RETRY_AFTER_MS);
    return { problem: { status, title, detail }, headers, unexpected: true };
  }
  if (error instanceof AppendTooLargeError) {
    return { problem: { status: 413, title: 'Payload Too Large', detail: `${error.message}; send less at once` }, headers: {}, unexpected: false };
  }
  const status = (error as { status?: unknown })?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { problem: { status, title: 'Bad Request', detail: String((error as Error).message ?? 'invalid request') }, headers: {}, unexpected: false };
  }
  return {
    problem: { status: 500, title: 'Internal Server Error', detail: 'an unexpected error occurred; quote the traceId when reporting it' },
    headers: {},
    unexpected: true,
  };
}

export function problemHandler(logger: Logger): ErrorRequestHandler {
  return (error, request, response, _next) => {
    if (response.headersSent) {
      // too late for a problem: the caller sees the connection close mid-response, and the log says why
      logger.error(
        { status: response.statusCode, traceId: traceIdOf(response), method: request.method, path: pathForLog(request.path, routeTemplateOf(request)), err: error },
        'response failed after it began',
      );
      response.destroy();
      return;
    }
    const refused = { method: request.method, path: request.path, template: routeTemplateOf(request), socket: request.socket };
    const { problem, headers } = loggedProblemFor(error, traceIdOf(response), refused, logger);
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    sendProblem(response, { ...problem, instance: request.originalUrl.split('?')[0] });
  };
}

/** The template of the route that took the request (`/query/:uid`), when one did. */
function routeTemplateOf(request: Request): string | undefined {
  const template = (request.route as { path?: unknown } | undefined)?.path;
  return typeof template === 'string' ? `${request.baseUrl}${template}` : undefined;
}

/** The same problem details on a plain Node response (the routes that bypass Express); returns the status sent. */
export function writeProblem(response: ServerResponse, error: unknown, request: RefusedRequest & { path: string }, logger: Logger): number {
  const { status, headers, body } = problemResponse(error, request, logger);
  response.writeHead(status, { ...headers, 'content-length': Buffer.byteLength(body) });
  response.end(body);
  return status;
}

/**
 * Status, headers and JSON body of the problem for an error, with a fresh trace id, for the responses
 * Express does not write: the produce hot path and refused WebSocket handshakes (HTTP/1.1 and HTTP/2).
 * The refusal is logged; the request's path is the problem's `instance`.
 */
export function problemResponse(
  error: unknown,
  request: RefusedRequest,
  logger: Logger,
): { status: number; headers: Record<string, string>; body: string; traceId: string } {
  const traceId = randomUUID();
  const { problem, headers } = loggedProblemFor(error, traceId, request, logger);
  const body = JSON.stringify({ type: `https://httpstatuses.io/${problem.status}`, ...problem, instance: request.path, traceId });
  return { status: problem.status, headers: { ...headers, 'content-type': 'application/problem+json; charset=utf-8' }, body, traceId };
}

/** What Node's HTTP parser refuses before any route sees the request, with the status Node itself would send. */
function parserRefusalOf(code: string | undefined): ProblemError {
  const refusal = (status: number, detail: string) => new ProblemError(status, STATUS_CODES[status] ?? 'Bad Request', detail);
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return refusal(431, `the request's headers (the request line and query included) are larger than ${maxHeaderSize} bytes; send large values in the body (for the exchange: structured mode)`);
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return refusal(413, 'the chunk extensions of the request are too large');
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return refusal(408, 'the request did not arrive in full in time');
    default:
      return refusal(400, 'the request is not valid HTTP/1.1');
  }
}

/**
 * The server's `clientError` listener: a request Node's HTTP parser could not read (malformed framing,
 * headers over the size limit, too slow to arrive) gets the same problem details as every other
 * refusal, instead of Node's bare status line, then the connection is closed, since its byte stream can
 * no longer be followed.
 *
 * Bytes that follow a whole request on the same connection (a body longer than its Content-Length, or
 * garbage after it) are read while that request's answer is being written. Node, and this listener
 * before, then closed the connection at once, with no answer: its client saw a response that said
 * keep-alive and then the close (about 0.1% of a fuzzer's kept-alive connections, issue 32). The 400 now
 * follows the answer in flight once it is written whole; only an answer cut off midway (or another one
 * queued behind it) still ends in a bare close, as nothing can be written after a partial one.
 */
export function answerUnreadableRequest(error: Error & { code?: string }, socket: Duplex, logger: Logger): void {
  if (error.code === 'ERR_SSL_HTTP_REQUEST') {
    answerPlainHttp(socket, logger);
    return;
  }
  // HPE_INVALID_EOF_STATE: the client closed its side in the middle of a body, typically after an early
  // answer (a 507 or 413 before the whole upload) made it stop sending; like a reset, nobody waits for more
  if (error.code === 'ECONNRESET' || error.code === 'HPE_INVALID_EOF_STATE' || isTlsFailure(error) || !socket.writable) {
    socket.destroy();
    return;
  }
  const answer = () => endWithProblem(socket, problemResponse(parserRefusalOf(error.code), { socket, code: error.code }, logger));
  const inFlight = answerInFlight(socket);
  if (!inFlight?.headersSent) {
    answer();
    return;
  }
  inFlight.once('finish', () => (answerInFlight(socket) === null && socket.writable ? answer() : socket.destroy()));
  inFlight.once('close', () => {
    if (!inFlight.writableFinished) socket.destroy();
  });
}

function answerInFlight(socket: Duplex): ServerResponse | null {
  return (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage ?? null;
}

/**
 * Plain HTTP sent to the HTTPS port: OpenSSL reads the request line as a broken handshake. As well-known
 * web servers do, the client gets a 400 in plain HTTP on the connection under the TLS socket, saying to
 * use HTTPS, instead of an empty reply.
 */
function answerPlainHttp(tlsSocket: Duplex, logger: Logger): void {
  const raw = (tlsSocket as Duplex & { _parent?: Duplex | null })._parent;
  const refusal = new ProblemError(400, 'Bad Request', 'this port speaks HTTPS (TLS with a client certificate): send the request to https:// instead of http://');
  const answer = problemResponse(refusal, { socket: raw ?? undefined, code: 'ERR_SSL_HTTP_REQUEST' }, logger);
  if (raw?.writable) endWithProblem(raw, answer);
  else tlsSocket.destroy();
}

/**
 * The connection's TLS handshake failed or never came, or its client asked to renegotiate (HTTPS servers
 * hand these to `clientError` too): there is no HTTP to answer in. An answer written onto such a
 * connection waited for a handshake that never came, so the connection was never closed and kept its
 * descriptor for good once the client left (a probe).
 */
function isTlsFailure(error: Error & { code?: string; library?: string }): boolean {
  return error.code?.startsWith('ERR_TLS_') === true || error.code?.startsWith('ERR_SSL_') === true || typeof error.library === 'string';
}

export type ProblemResponse = ReturnType<typeof problemResponse>;

/**
 * Writes a problem straight onto a connection that no HTTP response object owns, and closes it: at once
 * if its client does not take the answer within a few seconds, so that it cannot hold the connection.
 */
export function endWithProblem(socket: Duplex, { status, headers, body }: ProblemResponse): void {
  const lines = Object.entries({ ...headers, 'content-length': String(Buffer.byteLength(body)), connection: 'close' }).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${lines.join('')}\r\n${body}`);
  const cut = setTimeout(() => socket.destroy(), UNREAD_ANSWER_MS).unref();
  socket.once('close', () => clearTimeout(cut));
}

const UNREAD_ANSWER_MS = 5_000;

/** Wraps an async route so its rejection reaches the problem handler (and a returned value is ignored). */
export function route(handler: (...args: Parameters<RequestHandler>) => Promise<unknown>): RequestHandler {
  return (request, response, next) => {
    handler(request, response, next).catch(next);
  };
}
