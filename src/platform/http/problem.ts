import { randomUUID } from 'node:crypto';
import { maxHeaderSize, STATUS_CODES, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import { ProblemError } from '../errors';
import { AppendTooLargeError } from '../event-store/event-store';
import type { Logger } from '../logger';

/**
 * RFC 7807 problem details for every error. Internal details (stack traces, SQL, paths) are logged
 * with the trace id and never sent; the caller gets the trace id to quote.
 */
export type ProblemBody = {
  type: string;
  title: string;
  status: number;
  detail?: string;
  instance?: string;
  traceId: string;
  errors?: Record<string, string[]>;
};

export function sendProblem(response: Response, problem: Omit<ProblemBody, 'traceId' | 'type'> & { type?: string }) {
  const body: ProblemBody = {
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

export const notFoundHandler: RequestHandler = (request, response) => {
  sendProblem(response, { status: 404, title: 'Not Found', detail: `no resource at ${request.method} ${request.path}`, instance: request.path });
};

/**
 * The problem for any error: a ProblemError says its own status; body-parser style errors with a 4xx
 * status keep it; anything else is a 500 whose details stay in the log.
 */
export function problemFor(error: unknown): { problem: Omit<ProblemBody, 'traceId' | 'type' | 'instance'>; headers: Record<string, string>; unexpected: boolean } {
  if (error instanceof ProblemError) {
    return { problem: { status: error.status, title: error.title, detail: error.detail, errors: error.errors }, headers: error.headers, unexpected: false };
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
      response.destroy();
      return;
    }
    const { problem, headers, unexpected } = problemFor(error);
    if (unexpected) logger.error({ err: error, traceId: traceIdOf(response), path: request.path }, 'unhandled error');
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    sendProblem(response, { ...problem, instance: request.originalUrl.split('?')[0] });
  };
}

/** The same problem details on a plain Node response (the routes that bypass Express). */
export function writeProblem(response: ServerResponse, error: unknown, instance: string, logger: Logger): void {
  const { status, headers, body } = problemResponse(error, instance, logger);
  response.writeHead(status, { ...headers, 'content-length': Buffer.byteLength(body) });
  response.end(body);
}

/**
 * Status, headers and JSON body of the problem for an error, with a fresh trace id, for the responses
 * Express does not write: the produce hot path and refused WebSocket handshakes (HTTP/1.1 and HTTP/2).
 */
export function problemResponse(
  error: unknown,
  instance: string | undefined,
  logger: Logger,
): { status: number; headers: Record<string, string>; body: string; traceId: string } {
  const { problem, headers, unexpected } = problemFor(error);
  const traceId = randomUUID();
  if (unexpected) logger.error({ err: error, traceId, path: instance }, 'unhandled error');
  const body = JSON.stringify({ type: `https://httpstatuses.io/${problem.status}`, ...problem, instance, traceId });
  return { status: problem.status, headers: { ...headers, 'content-type': 'application/problem+json; charset=utf-8' }, body, traceId };
}

/** What Node's HTTP parser refuses before any route sees the request, with the status Node itself would send. */
function parserRefusalOf(code: string | undefined): ProblemError {
  const refusal = (status: number, detail: string) => new ProblemError(status, STATUS_CODES[status] ?? 'Bad Request', detail);
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return refusal(431, `the request's headers are larger than ${maxHeaderSize} bytes; send large attributes in the body (structured mode)`);
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
 * refusal, instead of Node's bare status line. As Node does, it answers only while no response on the
 * connection has begun, then closes the connection, whose byte stream can no longer be followed.
 */
export function answerUnreadableRequest(error: Error & { code?: string }, socket: Duplex, logger: Logger): void {
  const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const response = problemResponse(parserRefusalOf(error.code), undefined, logger);
  logger.info({ code: error.code, status: response.status, traceId: response.traceId }, 'refused a request the HTTP parser could not read');
  endWithProblem(socket, response);
}

export type ProblemResponse = ReturnType<typeof problemResponse>;

/** Writes a problem straight onto a connection that no HTTP response object owns, and closes it. */
export function endWithProblem(socket: Duplex, { status, headers, body }: ProblemResponse): void {
  const lines = Object.entries({ ...headers, 'content-length': String(Buffer.byteLength(body)), connection: 'close' }).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${lines.join('')}\r\n${body}`);
}

/** Wraps an async route so its rejection reaches the problem handler (and a returned value is ignored). */
export function route(handler: (...args: Parameters<RequestHandler>) => Promise<unknown>): RequestHandler {
  return (request, response, next) => {
    handler(request, response, next).catch(next);
  };
}
