import { Router } from 'express';
import { badRequest } from '../../platform/errors';
import { route } from '../../platform/http/problem';
import { stringParam } from '../../platform/http/query';
import type { ServiceDeps } from '../../platform/service-module';
import { groupStandings } from '../queries/group-standings';
import { eventSummary } from '../queries/log-filter';
import { newestMatching } from '../queries/log-scan';
import type { LagSampler } from '../processes/lag-sampler';
import { CONSOLE_API_PATH } from '../service';
import { requirePage } from './page-access';

const DEAD_EVENTS_PAGE = 50;

/** Every client's consumer groups, their lag over time, and the dead events consumers reported. */
export function groupRoutes(deps: ServiceDeps, lag: LagSampler): Router {
  const router = Router();
  router.get(
    `${CONSOLE_API_PATH}/consumer-groups`,
    requirePage('consumer-groups'),
    route(async (_request, response) => {
      response.json(await groupStandings(deps.consumerGroups));
    }),
  );
  router.get(
    `${CONSOLE_API_PATH}/consumer-group-lags`,
    requirePage('consumer-groups'),
    route(async (_request, response) => {
      // the history, and a sample taken now, so that a chart has its latest point
      await lag.sample();
      response.json({ items: lag.history() });
    }),
  );
  router.get(
    `${CONSOLE_API_PATH}/dead-events`,
    requirePage('consumer-groups'),
    route(async (request, response) => {
      const cursor = stringParam(request.query, 'cursor');
      if (cursor !== undefined && !/^[0-9]{1,15}$/.test(cursor)) throw badRequest('cursor must be a value returned as nextCursor', { cursor: ['is invalid'] });
      const page = await newestMatching(deps.events, { kinds: ['dead'] }, { before: cursor === undefined ? undefined : Number(cursor), limit: DEAD_EVENTS_PAGE, densePositions: !deps.config.eventStoreUrl });
      response.json({ items: page.events.map(eventSummary), nextCursor: page.olderThan > 0 ? String(page.olderThan) : '' });
    }),
  );
  return router;
}
