import type { Server } from 'node:net';
import { Router, type Response } from 'express';
import { legalBasisOf, logPersonalDataRead } from '../../audit/queries/personal-data-reads';
import { badRequest, notFound } from '../../platform/errors';
import type { StoredEvent } from '../../platform/event-store/event-store';
import { route } from '../../platform/http/problem';
import { readJson } from '../../platform/http/read-body';
import { RequestSchemas } from '../../platform/http/request-validation';
import { clientOf } from '../../platform/http/service-auth';
import type { ServiceDeps } from '../../platform/service-module';
import { eventSummary, type LogFilter } from '../queries/log-filter';
import { followLog } from '../queries/log-follower';
import { newestMatching } from '../queries/log-scan';
import { CONSOLE_API_PATH, CONSOLE_SERVICE } from '../service';
import { requirePage } from './page-access';

const MAX_BODY_BYTES = 64 * 1024;
const HEARTBEAT_MS = 15_000;
/** how often an open tail checks that the server is not stopping, so a stop does not wait for it */
const SERVER_CHECK_MS = 250;

type LogSearch = { filter?: LogFilter; cursor?: string; limit?: number };
type LogTail = { filter?: LogFilter; after?: string };

/**
 * The log page: the newest events matching a filter (paged backwards), the ones that arrive from now on
 * (server-sent events), and one event opened whole. The lists carry each event's envelope only; its data,
 * which may name persons, comes when one is opened, and that read is logged (Audit.PersonalData.Access).
 */
export function logRoutes(deps: ServiceDeps): Router {
  const router = Router();
  const schemas = RequestSchemas.of(CONSOLE_SERVICE);
  const densePositions = !deps.config.eventStoreUrl;

  router.post(
    `${CONSOLE_API_PATH}/log-event-searches`,
    requirePage('log'),
    route(async (request, response) => {
      const search = schemas.value<LogSearch>('log-event-search.json', await readJson(request, MAX_BODY_BYTES));
      const filter = checkedFilter(search.filter);
      const page = await newestMatching(deps.events, filter, { before: search.cursor === undefined ? undefined : Number(search.cursor), limit: search.limit ?? 100, densePositions });
      response.json({ items: page.events.map(eventSummary), nextCursor: page.olderThan > 0 ? String(page.olderThan) : '', head: String(await deps.events.headPosition()) });
    }),
  );

  router.post(
    `${CONSOLE_API_PATH}/log-tails`,
    requirePage('log'),
    route(async (request, response) => {
      const tail = schemas.value<LogTail>('log-tail.json', await readJson(request, MAX_BODY_BYTES));
      const filter = checkedFilter(tail.filter);
      const after = tail.after === undefined ? await deps.events.headPosition() : Number(tail.after);
      streamEvents(response, (send) =>
        followLog(deps.events, filter, after, (matching, upTo) => send({ items: matching.map(eventSummary), upTo: String(upTo) }), (error) => {
          deps.logger.warn({ err: error }, 'console log tail failed');
          response.end();
        }),
      );
    }),
  );

  router.get(
    `${CONSOLE_API_PATH}/log-events/:position`,
    requirePage('log'),
    route(async (request, response) => {
      const text = String(request.params.position);
      if (!/^[1-9][0-9]{0,14}$/.test(text)) throw badRequest('position must be a log position (1, 2, ...)', { position: ['is not a log position'] });
      const [stored] = await deps.events.readAll({ after: Number(text) - 1, limit: 1 });
      if (!stored || stored.position !== Number(text)) throw notFound(`no event at position ${text}`);
      await logPersonalDataRead(deps, clientOf(response), legalBasisOf(request.query), `the event at position ${text}`, [stored]);
      response.json(openedEvent(stored));
    }),
  );
  return router;
}

function checkedFilter(filter: LogFilter = {}): LogFilter {
  if (filter.from && filter.to && Date.parse(filter.from) >= Date.parse(filter.to)) throw badRequest('filter.to must be later than filter.from', { 'filter.to': ['must be later than filter.from'] });
  return filter;
}

function openedEvent(stored: StoredEvent) {
  return { ...eventSummary(stored), event: stored.event };
}

/**
 * Answers with server-sent events (text/event-stream) until the client leaves or the server stops:
 * `follow` starts the source and returns its stop. Each message is one JSON object.
 */
function streamEvents(response: Response, follow: (send: (message: object) => Promise<void>) => () => void) {
  response.status(200).set({ 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-accel-buffering': 'no' });
  response.flushHeaders();
  response.write(': following the log\n\n');
  const send = (message: object) =>
    new Promise<void>((resolve) => {
      if (response.writableEnded) return resolve();
      if (response.write(`data: ${JSON.stringify(message)}\n\n`)) resolve();
      else response.once('drain', resolve).once('close', resolve);
    });
  const stop = follow(send);
  const server = (response.socket as { server?: Server } | null)?.server;
  let sinceHeartbeat = 0;
  const check = setInterval(() => {
    sinceHeartbeat += SERVER_CHECK_MS;
    if (server && !server.listening) response.end();
    else if (sinceHeartbeat >= HEARTBEAT_MS) {
      sinceHeartbeat = 0;
      response.write(': still following\n\n');
    }
  }, SERVER_CHECK_MS);
  response.once('close', () => {
    clearInterval(check);
    stop();
  });
}
