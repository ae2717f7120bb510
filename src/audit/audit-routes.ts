import { Router } from 'express';
import { badRequest, notFound } from '../platform/errors';
import type { StoredEvent } from '../platform/event-store/event-store';
import { route } from '../platform/http/problem';
import { stringParam } from '../platform/http/query';
import { requireRight } from '../platform/http/service-auth';
import type { ServiceDeps } from '../platform/service-module';

const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 1000;

/**
 * The log as an audit trail: every event of one aggregate's stream, or of the whole log, with who caused
 * it (the producer: a registry client or a service), when it was recorded, and its kind. Paged by cursor
 * (section E of the platform conventions): nextCursor is empty when there is no more.
 */
export function auditRoutes(deps: ServiceDeps): Router {
  const router = Router();
  router.use('/api/v1/audit', requireRight('audit', 'read'));

  router.get(
    '/api/v1/audit/streams/:streamId/events',
    route(async (request, response) => {
      const { cursor, limit } = paging(request.query);
      const events = await deps.events.readStream(String(request.params.streamId), { fromRevision: cursor });
      if (events.length === 0 && cursor === 0) throw notFound(`stream ${request.params.streamId} has no events`);
      const page = events.slice(0, limit);
      response.json({
        streamId: request.params.streamId,
        items: page.map(auditEntry),
        nextCursor: events.length > limit ? String(page[page.length - 1].revision + 1) : '',
      });
    }),
  );

  router.get(
    '/api/v1/audit/events',
    route(async (request, response) => {
      const { cursor, limit } = paging(request.query);
      const type = stringParam(request.query, 'type');
      const events = await deps.events.readAll({ after: cursor, limit: limit + 1, filter: type ? { types: [type] } : undefined });
      const page = events.slice(0, limit);
      response.json({ items: page.map(auditEntry), nextCursor: events.length > limit ? String(page[page.length - 1].position) : '' });
    }),
  );
  return router;
}

function paging(query: Record<string, unknown>) {
  const cursorText = stringParam(query, 'cursor') ?? '0';
  const limitText = stringParam(query, 'limit') ?? String(DEFAULT_LIMIT);
  if (!/^\d{1,15}$/.test(cursorText)) throw badRequest('cursor must be a value returned as nextCursor', { cursor: ['is invalid'] });
  if (!/^\d{1,4}$/.test(limitText) || Number(limitText) < 1 || Number(limitText) > MAX_LIMIT) {
    throw badRequest(`limit must be between 1 and ${MAX_LIMIT}`, { limit: [`must be between 1 and ${MAX_LIMIT}`] });
  }
  return { cursor: Number(cursorText), limit: Number(limitText) };
}

function auditEntry(stored: StoredEvent) {
  return {
    position: String(stored.position),
    streamId: stored.streamId,
    revision: stored.revision,
    recordedAt: stored.recordedAt,
    causedBy: stored.producer,
    kind: stored.kind,
    event: stored.event,
  };
}
