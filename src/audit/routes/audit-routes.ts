import { Router } from 'express';
import { badRequest, notFound } from '../../platform/errors';
import { totalSize, type StoredEvent } from '../../platform/event-store/event-store';
import { route } from '../../platform/http/problem';
import { stringParam } from '../../platform/http/query';
import { clientOf, requireRight } from '../../platform/http/service-auth';
import type { ServiceDeps } from '../../platform/service-module';
import { legalBasisOf, logPersonalDataRead } from '../queries/personal-data-reads';
import { AuditRights } from '../rights';
import { AUDIT_SERVICE } from '../service';

const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 1000;
/** A page also stops at the event that brings it to 4 MB: a thousand events near the 1 MB request limit would not fit in one response. */
const PAGE_MAX_SIZE = 4_000_000;

/**
 * The log as an audit trail: every event of one aggregate's stream, or of the whole log, with who caused
 * it (the producer: a registry client or a service), when it was recorded, and its kind. Paged by cursor
 * (section E of the platform conventions): nextCursor is empty when there is no more.
 * A page that names data subjects is logged before it is answered (DESIGN.md: who read personal data is
 * itself logged), as an Audit.PersonalData.Access event of the auditor about each of them; the optional
 * query parameter legalBasis says why.
 */
export function auditRoutes(deps: ServiceDeps): Router {
  const router = Router();
  const logRead = (response: Parameters<typeof clientOf>[0], query: Record<string, unknown>, read: string, page: StoredEvent[]) =>
    logPersonalDataRead(deps, clientOf(response), legalBasisOf(query), read, page);
  router.use('/api/v1/audit', requireRight(AUDIT_SERVICE, AuditRights.read));

  router.get(
    '/api/v1/audit/streams/:streamId/events',
    route(async (request, response) => {
      const { cursor, limit } = paging(request.query);
      const events = await deps.events.readStream(String(request.params.streamId), { fromRevision: cursor, limit: limit + 1, maxSize: PAGE_MAX_SIZE });
      if (events.length === 0 && cursor === 0) throw notFound(`stream ${request.params.streamId} has no events`);
      const { page, more } = pageOf(events, limit);
      await logRead(response, request.query, `stream ${request.params.streamId}`, page);
      response.json({
        streamId: request.params.streamId,
        items: page.map(auditEntry),
        nextCursor: more ? String(page[page.length - 1].revision + 1) : '',
      });
    }),
  );

  router.get(
    '/api/v1/audit/events',
    route(async (request, response) => {
      const { cursor, limit } = paging(request.query);
      const type = stringParam(request.query, 'type');
      const events = await deps.events.readAll({ after: cursor, limit: limit + 1, maxSize: PAGE_MAX_SIZE, filter: type ? { types: [type] } : undefined });
      const { page, more } = pageOf(events, limit);
      await logRead(response, request.query, type ? `the log, events of type ${type}` : 'the log', page);
      response.json({ items: page.map(auditEntry), nextCursor: more ? String(page[page.length - 1].position) : '' });
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

/** The page of a read of `limit` + 1 events, or fewer when the read stopped at PAGE_MAX_SIZE; whether more may follow. */
function pageOf(events: StoredEvent[], limit: number): { page: StoredEvent[]; more: boolean } {
  if (events.length > limit) return { page: events.slice(0, limit), more: true };
  return { page: events, more: totalSize(events) >= PAGE_MAX_SIZE };
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
