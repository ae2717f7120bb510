import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { ProblemError } from '../errors';
import type { Logger } from '../logger';
import { endWithProblem, problemResponse, refusedRequestOf } from './problem';

/**
 * Limits and answers the server gives before any route sees a request: a deadline for a request's headers
 * and body (408 past it, so that a client trickling a body cannot hold a connection), and a problem for an
 * HTTP/1.1 CONNECT (the platform is no proxy), which Node would otherwise drop without a word.
 */
export function guardServer(server: Server, options: { requestTimeoutMs: number; logger: Logger }): void {
  server.requestTimeout = options.requestTimeoutMs;
  server.headersTimeout = Math.min(server.headersTimeout, options.requestTimeoutMs);
  server.on('connect', (request: IncomingMessage, socket: Duplex) => {
    const refusal = new ProblemError(405, 'Method Not Allowed', 'CONNECT is not served here: the platform is not a proxy', undefined, { allow: 'GET, POST, PUT, PATCH, DELETE' });
    endWithProblem(socket, problemResponse(refusal, refusedRequestOf(request), options.logger));
  });
}

/** How often Node looks for requests past their deadline: often enough that a 408 comes near its time. */
export function deadlineCheckInterval(requestTimeoutMs: number): number {
  return Math.max(250, Math.min(30_000, Math.floor(requestTimeoutMs / 4)));
}
