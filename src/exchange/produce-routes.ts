import { Router, type Request } from 'express';
import type { ExchangeConfig } from '../config';
import type { Clock } from '../platform/clock';
import { badRequest } from '../platform/errors';
import { route } from '../platform/http/problem';
import { readBody, readJson } from '../platform/http/read-body';
import type { EventKind } from '../platform/event-store/event-store';
import { callerOf } from './exchange-auth';
import { normalizeRaw, normalizeStructured, type NormalizeContext } from './incoming-event';
import type { Publisher } from './publisher';

export type ProduceDeps = { publisher: Publisher; config: ExchangeConfig; clock: Clock };

/**
 * raw, event and events under a base path: /ce/produce for producers' events, /ce/tools/produce for a
 * consumer's test events to itself. 202 is sent only after the log has committed the events.
 */
export function produceRoutes(basePath: string, kind: EventKind, deps: ProduceDeps): Router {
  const router = Router();
  const context = (): NormalizeContext => ({ now: deps.clock.now(), futureTimeToleranceMs: deps.config.futureTimeToleranceMs });

  router.post(
    `${basePath}/raw`,
    route(async (request, response) => {
      const body = await readBody(request, deps.config.maxRequestBytes);
      await deps.publisher.publish(callerOf(response), [normalizeRaw(request.headers, body, context())], kind);
      response.status(202).end();
    }),
  );

  router.post(
    `${basePath}/event`,
    route(async (request, response) => {
      requireMediaType(request, 'application/cloudevents+json');
      const candidate = await readJson(request, deps.config.maxRequestBytes);
      await deps.publisher.publish(callerOf(response), [normalizeStructured(candidate, context())], kind);
      response.status(202).end();
    }),
  );

  router.post(
    `${basePath}/events`,
    route(async (request, response) => {
      requireMediaType(request, 'application/cloudevents-batch+json');
      const batch = await readJson(request, deps.config.maxRequestBytes);
      if (!Array.isArray(batch)) throw badRequest('a batch must be a JSON array of events');
      const now = context();
      await deps.publisher.publish(callerOf(response), batch.map((candidate) => normalizeStructured(candidate, now)), kind);
      response.status(202).end();
    }),
  );

  return router;
}

function requireMediaType(request: Request, expected: string) {
  const actual = String(request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (actual !== expected) throw badRequest(`Content-Type must be ${expected}`, { 'content-type': [`must be ${expected}`] });
}
