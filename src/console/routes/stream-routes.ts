import { Router } from 'express';
import { legalBasisOf, logPersonalDataRead } from '../../audit/queries/personal-data-reads';
import { badRequest, notFound } from '../../platform/errors';
import { route } from '../../platform/http/problem';
import { stringParam } from '../../platform/http/query';
import { clientOf } from '../../platform/http/service-auth';
import type { ServiceDeps } from '../../platform/service-module';
import { aggregateOfStream, streamHistory, type KnownAggregate } from '../queries/stream-history';
import { CONSOLE_API_PATH } from '../service';
import { requirePage } from './page-access';

const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 500;

/**
 * An aggregate's history: every event of one stream with who caused it, the certificate that identified
 * that client, and the state after it as the service's decider folds it. Stream ids name no person (a
 * rule of every service), so the id travels in the path; the read is logged like an audit read.
 */
export function streamRoutes(deps: ServiceDeps, aggregates: readonly KnownAggregate[]): Router {
  const router = Router();
  router.get(
    `${CONSOLE_API_PATH}/aggregates`,
    requirePage('aggregates'),
    (_request, response) => {
      response.json({ items: aggregates.map(({ service, name, streamPrefix }) => ({ service, name, streamPrefix })) });
    },
  );
  router.get(
    `${CONSOLE_API_PATH}/streams/:streamId/history`,
    requirePage('aggregates'),
    route(async (request, response) => {
      const streamId = String(request.params.streamId);
      const page = pagingOf(request.query);
      const aggregate = aggregateOfStream(aggregates, streamId);
      const history = await streamHistory(deps.events, aggregate, streamId, page);
      if (history.entries.length === 0) throw notFound(page.cursor === 0 ? `stream ${streamId} has no events` : `stream ${streamId} has no events from revision ${page.cursor}`);
      await logPersonalDataRead(deps, clientOf(response), legalBasisOf(request.query), `stream ${streamId}`, history.page);
      response.json({
        streamId,
        aggregate: aggregate ? { service: aggregate.service, name: aggregate.name } : null,
        items: history.entries,
        nextCursor: history.nextCursor,
      });
    }),
  );
  return router;
}

function pagingOf(query: Record<string, unknown>) {
  const cursor = stringParam(query, 'cursor') ?? '0';
  const limit = stringParam(query, 'limit') ?? String(DEFAULT_LIMIT);
  if (!/^[0-9]{1,9}$/.test(cursor)) throw badRequest('cursor must be a value returned as nextCursor', { cursor: ['is invalid'] });
  if (!/^[0-9]{1,3}$/.test(limit) || Number(limit) < 1 || Number(limit) > MAX_LIMIT) throw badRequest(`limit must be between 1 and ${MAX_LIMIT}`, { limit: [`must be between 1 and ${MAX_LIMIT}`] });
  return { cursor: Number(cursor), limit: Number(limit) };
}
