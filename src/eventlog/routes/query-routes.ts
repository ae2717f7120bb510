import { Router } from 'express';
import { notFound } from '../../platform/errors';
import { route } from '../../platform/http/problem';
import { singleValuedQuery } from '../../platform/http/query';
import { RequestSchemas } from '../../platform/http/request-validation';
import { clientOf, requireRight } from '../../platform/http/service-auth';
import { readYourWrites } from '../../platform/projections/read-your-writes';
import type { ServiceDeps } from '../../platform/service-module';
import type { EventRegistrar } from '../handlers/event-registrar';
import { findRegistration, parseFilter, parsePage, parseTimeRange, searchTimeRange, toResultItem } from '../queries/log-search';
import { logSearch, refuseUnloggable, type Searcher } from '../queries/search-audit';
import { EventLogRights } from '../rights';
import { EVENTLOG_SERVICE } from '../service';
import { okStatus } from './answers';

type TimeRangeQuery = Searcher & { legal_basis: string; event_time_from: string; event_time_to: string; filter?: string; page?: string; page_size?: string };

/** GET /query/{uid} and GET /query (time range), as the platform's public guide names them; every search is itself logged. */
export function queryRoutes(deps: ServiceDeps, registrar: EventRegistrar): Router {
  const router = Router();
  const schemas = RequestSchemas.of(EVENTLOG_SERVICE);

  router.get(
    '/query/:uid',
    requireRight(EVENTLOG_SERVICE, EventLogRights.query),
    route(async (request, response) => {
      const searcher = schemas.value<Searcher>('query-by-uid.json', singleValuedQuery(request.query));
      refuseUnloggable(searcher);
      const uid = String(request.params.uid);
      await readYourWrites(deps);
      const entries = await findRegistration(deps.documents, clientOf(response).id, uid);
      await logSearch(registrar, deps.clock, clientOf(response), 'EventLog.Search.ByUid', searcher, { uid, found: entries.length });
      if (entries.length === 0) throw notFound(`no registered event has the UID ${uid}`);
      response.json({ ...okStatus(deps.clock), result: entries.map(toResultItem), pagination: { 'record-count': entries.length, 'page-size': entries.length } });
    }),
  );

  router.get(
    '/query',
    requireRight(EVENTLOG_SERVICE, EventLogRights.query),
    route(async (request, response) => {
      const query = schemas.value<TimeRangeQuery>('query-by-time-range.json', singleValuedQuery(request.query));
      const { legal_entity, legal_basis, legal_reason, user, user_address } = query;
      refuseUnloggable({ legal_entity, legal_basis, legal_reason, user, user_address });
      const range = parseTimeRange(query.event_time_from, query.event_time_to);
      const filter = parseFilter(query.filter);
      const page = parsePage(query.page, query.page_size);
      await readYourWrites(deps);
      const { total, entries } = await searchTimeRange(deps.documents, clientOf(response).id, range, filter, page);
      await logSearch(registrar, deps.clock, clientOf(response), 'EventLog.Search.ByTimeRange', { legal_entity, legal_basis, legal_reason, user, user_address }, {
        from: query.event_time_from,
        to: query.event_time_to,
        filter: query.filter,
        page: page.page,
        page_size: page.pageSize,
        found: total,
      });
      if (entries.length === 0) throw notFound('no registered event matches the parameters');
      response.json({ ...okStatus(deps.clock), result: entries.map(toResultItem), pagination: { 'record-count': total, 'page-size': page.pageSize, page: page.page } });
    }),
  );
  return router;
}
