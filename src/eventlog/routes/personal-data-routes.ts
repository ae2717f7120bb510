import { Router } from 'express';
import { readJson } from '../../platform/http/read-body';
import { route } from '../../platform/http/problem';
import { RequestSchemas } from '../../platform/http/request-validation';
import { clientOf, requireRight } from '../../platform/http/service-auth';
import { readYourWrites } from '../../platform/projections/read-your-writes';
import type { ServiceDeps } from '../../platform/service-module';
import type { EventRegistrar } from '../handlers/event-registrar';
import { parseOpenTimeRange } from '../queries/log-search';
import { readAccessCursor, searchPersonalDataAccesses } from '../queries/personal-data-search';
import { logSearch, refuseUnloggable } from '../queries/search-audit';
import { EventLogRights } from '../rights';
import { EVENTLOG_SERVICE } from '../service';
import { MAX_MESSAGE_BYTES } from './register-routes';

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

/**
 * A data subject's accesses: who read a person's data, when, on what legal basis. The seed shows no such
 * search, so it follows section E (a search resource, cursor paging); the search is itself logged.
 */
export function personalDataRoutes(deps: ServiceDeps, registrar: EventRegistrar): Router {
  const router = Router();
  const schemas = RequestSchemas.of(EVENTLOG_SERVICE);
  router.post(
    '/api/v1/personal-data-accesses/searches',
    requireRight(EVENTLOG_SERVICE, EventLogRights.personalData),
    route(async (request, response) => {
      const search = schemas.value<PersonalDataSearch>('personal-data-access-search.json', await readJson(request, MAX_MESSAGE_BYTES));
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
