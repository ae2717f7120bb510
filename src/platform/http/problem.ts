import { randomUUID } from 'node:crypto';
import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import { ProblemError } from '../errors';
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

export function problemHandler(logger: Logger): ErrorRequestHandler {
  return (error, request, response, _next) => {
    if (response.headersSent) {
      response.destroy();
      return;
    }
    if (error instanceof ProblemError) {
      for (const [name, value] of Object.entries(error.headers)) response.setHeader(name, value);
      sendProblem(response, {
        status: error.status,
        title: error.title,
        detail: error.detail,
        errors: error.errors,
        instance: request.originalUrl.split('?')[0],
      });
      return;
    }
    const status = typeof error?.status === 'number' && error.status >= 400 && error.status < 500 ? error.status : 500;
    if (status === 500) logger.error({ err: error, traceId: traceIdOf(response), path: request.path }, 'unhandled error');
    sendProblem(response, {
      status,
      title: status === 500 ? 'Internal Server Error' : 'Bad Request',
      detail: status === 500 ? 'an unexpected error occurred; quote the traceId when reporting it' : String(error?.message ?? 'invalid request'),
      instance: request.originalUrl.split('?')[0],
    });
  };
}

/** Wraps an async route so its rejection reaches the problem handler (and a returned value is ignored). */
export function route(handler: (...args: Parameters<RequestHandler>) => Promise<unknown>): RequestHandler {
  return (request, response, next) => {
    handler(request, response, next).catch(next);
  };
}
