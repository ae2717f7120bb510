import { Router, type Request, type Response } from 'express';
import type { ServiceDeps } from '../platform/service-module';
import { notFound } from '../platform/errors';
import { readJson, readUtf8Text } from '../platform/http/read-body';
import { route } from '../platform/http/problem';
import { clientOf, requireRight } from '../platform/http/service-auth';
import type { EventRegistrar } from './event-registrar';
import { toEventLogProblem } from './eventlog-problems';
import { findRegistration, parseFilter, parseOpenTimeRange, parsePage, parseTimeRange, searchTimeRange, toResultItem } from './log-search';
import { readAccessCursor, searchPersonalDataAccesses } from './personal-data-search';
import { eventLogSchema } from './schema-validation';
import { logSearch, refuseUnloggable, type Searcher } from './search-audit';
import { presentedCertificate } from './signing-keys';
import { readYourWrites } from '../platform/projections/read-your-writes';
import { singleValuedQuery } from '../platform/http/query';

/** Seed: the whole message at most 256 KB (413 above). */
export const MAX_MESSAGE_BYTES = 256 * 1024;

type TimeRangeQuery = Searcher & { legal_basis: string; event_time_from: string; event_time_to: string; filter?: string; page?: string; page_size?: string };
type PersonalDataSearch = {
  subject: string;
  legalBasis: string;
  legalReason?: string;
  user?: string;
  userAddress?: string;
  eventTimeFrom?: string;
  eventTimeTo?: string;
  cursor?: string;
  limit?: number;
};

const validateTimeRangeQuery = eventLogSchema<TimeRangeQuery>('query-by-time-range.json');
const validateUidQuery = eventLogSchema<Searcher>('query-by-uid.json');
const validatePersonalDataSearch = eventLogSchema<PersonalDataSearch>('personal-data-access-search.json');

/**
 * Paths from the platform's public guides: POST /register, GET /query (time range), GET /query/{uid};
 * the data subject's accesses follow the conventions of section E (the seed does not show one).
 */
export function eventLogRoutes(deps: ServiceDeps, registrar: EventRegistrar): Router {
  const router = Router();
  const ok = () => ({ status: '200', message: 'OK', timestamp: String(deps.clock.now().getTime()) });

  router.post(
    '/register',
    requireRight('eventlog', 'register'),
    handled(async (request, response) => {
      const body = await readUtf8Text(request, MAX_MESSAGE_BYTES);
      let presented: ReturnType<typeof presentedCertificate> | null = null;
      const certificate = () => (presented === null ? (presented = presentedCertificate(request)) : presented);
      const registration = await registrar.registerBody(body, clientOf(response), certificate);
      response.json({ ...ok(), UID: registration.uid });
    }),
  );

  router.get(
    '/query/:uid',
    requireRight('eventlog', 'query'),
    handled(async (request, response) => {
      const searcher = validateUidQuery(queryStrings(request));
      refuseUnloggable(searcher);
      const uid = String(request.params.uid);
      await readYourWrites(deps);
      const entries = await findRegistration(deps.documents, clientOf(response).id, uid);
      await logSearch(registrar, deps.clock, clientOf(response), 'EventLog.Search.ByUid', searcher, { uid, found: entries.length });
      if (entries.length === 0) throw notFound(`no registered event has the UID ${uid}`);
      response.json({ ...ok(), result: entries.map(toResultItem), pagination: { 'record-count': entries.length, 'page-size': entries.length } });
    }),
  );

  router.get(
    '/query',
    requireRight('eventlog', 'query'),
    handled(async (request, response) => {
      const query = validateTimeRangeQuery(queryStrings(request));
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
      response.json({ ...ok(), result: entries.map(toResultItem), pagination: { 'record-count': total, 'page-size': page.pageSize, page: page.page } });
    }),
  );

  router.post(
    '/api/v1/personal-data-accesses/searches',
    requireRight('eventlog', 'personal-data'),
    handled(async (request, response) => {
      const search = validatePersonalDataSearch(await readJson(request, MAX_MESSAGE_BYTES));
      refuseUnloggable({ subject: search.subject, legalBasis: search.legalBasis, legalReason: search.legalReason, user: search.user, userAddress: search.userAddress });
      // an end left out (or empty) leaves the range open on that side
      const range = parseOpenTimeRange(search.eventTimeFrom || undefined, search.eventTimeTo || undefined, { from: 'eventTimeFrom', to: 'eventTimeTo' });
      const cursor = readAccessCursor(search.cursor);
      // the first page fixes the snapshot the later ones page through: this search, logged below, is not in it
      const upTo = cursor.upTo ?? (await deps.events.headPosition());
      await readYourWrites(deps);
      const page = await searchPersonalDataAccesses(deps.documents, search.subject, range, { offset: cursor.offset, upTo }, search.limit ?? 50);
      const searcher = { legal_basis: search.legalBasis, legal_reason: search.legalReason, user: search.user, user_address: search.userAddress };
      await logSearch(registrar, deps.clock, clientOf(response), 'EventLog.PersonalData.Search', searcher, { from: search.eventTimeFrom, to: search.eventTimeTo, cursor: cursor.offset, found: page.totalCount }, {
        subject: search.subject,
        subject_type: 'Person',
      });
      response.json(page);
    }),
  );

  return router;
}

function handled(handler: (request: Request, response: Response) => Promise<void>) {
  return route(async (request, response, next) => {
    try {
      await handler(request, response);
    } catch (error) {
      next(toEventLogProblem(error));
    }
  });
}

/** The query parameters, each given once (a repeated one is a 400 naming it). */
function queryStrings(request: Request): Record<string, unknown> {
  return singleValuedQuery(request.query);
}
