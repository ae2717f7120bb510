import { Router } from 'express';
import { route } from '../../platform/http/problem';
import { readJson } from '../../platform/http/read-body';
import { RequestSchemas } from '../../platform/http/request-validation';
import { clientOf } from '../../platform/http/service-auth';
import { clippedForLog } from '../../platform/legal-events';
import { readYourWrites } from '../../platform/projections/read-your-writes';
import type { ServiceDeps } from '../../platform/service-module';
import { registrationItem, searchRegistrations, subjectsOfEntries, type RegistrationSearch } from '../queries/registration-search';
import { CONSOLE_API_PATH, CONSOLE_SERVICE } from '../service';
import { requirePage } from './page-access';

const MAX_BODY_BYTES = 64 * 1024;

/**
 * The event log (MLog) searched by an auditor: every client's registrations by UID or time range. The
 * search is logged as the auditor's, with the persons the found events name (Audit.PersonalData.Search),
 * or as Audit.Search when they name none.
 */
export function registrationRoutes(deps: ServiceDeps): Router {
  const schemas = RequestSchemas.of(CONSOLE_SERVICE);
  return Router().post(
    `${CONSOLE_API_PATH}/log-entry-searches`,
    requirePage('eventlog'),
    route(async (request, response) => {
      const search = schemas.value<RegistrationSearch>('log-entry-search.json', await readJson(request, MAX_BODY_BYTES));
      await readYourWrites(deps);
      const found = await searchRegistrations(deps.documents, search);
      const auditor = clientOf(response);
      const subjects = subjectsOfEntries(found.entries);
      const asked = Object.entries(found.asked).flatMap(([name, value]) => (value === undefined ? [] : [`${name}=${value}`]));
      await deps.legalEvents.register(
        auditor,
        [
          {
            event_time: deps.clock.now().toISOString(),
            event_type: subjects.length > 0 ? 'Audit.PersonalData.Search' : 'Audit.Search',
            event_source: 'console',
            legal_basis: search.legalBasis,
            event_message: clippedForLog(`searched the event log: ${[...asked, `found=${found.totalCount}`].join(';')}`),
            ...(subjects.length > 0 ? { subject: subjects.length === 1 ? subjects[0] : subjects, subject_type: 'Person' } : {}),
            ...(auditor.idno ? { legal_entity: auditor.idno } : {}),
          },
        ],
        'search',
      );
      response.json({ items: found.entries.map(registrationItem), totalCount: found.totalCount });
    }),
  );
}
