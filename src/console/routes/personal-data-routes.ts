import { Router } from 'express';
import { route } from '../../platform/http/problem';
import { readJson } from '../../platform/http/read-body';
import { RequestSchemas } from '../../platform/http/request-validation';
import { clientOf } from '../../platform/http/service-auth';
import { readYourWrites } from '../../platform/projections/read-your-writes';
import type { ServiceDeps } from '../../platform/service-module';
import { accessesCsv, accessesPdf, exportedAccesses } from '../queries/personal-data-export';
import { CONSOLE_API_PATH, CONSOLE_SERVICE } from '../service';
import { requirePage } from './page-access';

const MAX_BODY_BYTES = 16 * 1024;

type ExportRequest = { subject: string; legalBasis: string; format: 'csv' | 'pdf'; eventTimeFrom?: string; eventTimeTo?: string };

/**
 * A data subject's accesses as a file (CSV or PDF), for the person who asked or a data protection
 * officer. The subject travels in the body (section E); the export is itself logged, about the subject
 * (Console.PersonalData.Export), so the subject's next export lists it.
 */
export function personalDataRoutes(deps: ServiceDeps): Router {
  const schemas = RequestSchemas.of(CONSOLE_SERVICE);
  return Router().post(
    `${CONSOLE_API_PATH}/personal-data-exports`,
    requirePage('personal-data'),
    route(async (request, response) => {
      const asked = schemas.value<ExportRequest>('personal-data-export.json', await readJson(request, MAX_BODY_BYTES));
      const upTo = await deps.events.headPosition();
      await readYourWrites(deps);
      const exported = await exportedAccesses(deps.documents, asked.subject, asked.eventTimeFrom, asked.eventTimeTo, upTo);
      const client = clientOf(response);
      const madeAt = deps.clock.now();
      await deps.legalEvents.register(
        client,
        [
          {
            event_time: madeAt.toISOString(),
            event_type: 'Console.PersonalData.Export',
            event_source: 'console',
            legal_basis: asked.legalBasis,
            subject: asked.subject,
            subject_type: 'Person',
            event_message: `exported the accesses to the subject's data as ${asked.format.toUpperCase()}: ${exported.rows.length} of ${exported.totalCount}`,
            ...(client.idno ? { legal_entity: client.idno } : {}),
          },
        ],
        'search',
      );
      const file = `personal-data-accesses-${madeAt.toISOString().slice(0, 10)}.${asked.format}`;
      response.set('content-disposition', `attachment; filename="${file}"`).set('cache-control', 'no-store');
      if (asked.format === 'csv') response.type('text/csv; charset=utf-8').send(accessesCsv(exported));
      else response.type('application/pdf').send(await accessesPdf(exported, asked.subject, madeAt));
    }),
  );
}
