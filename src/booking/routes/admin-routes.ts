import { Router } from 'express';
import { route } from '../../platform/http/problem';
import { RequestSchemas } from '../../platform/http/request-validation';
import { clientOf } from '../../platform/http/service-auth';
import type { BookingContext } from '../handlers/booking-context';
import { importReferenceData, type ReferenceImport } from '../handlers/reference-import';
import { saveReference } from '../handlers/save-reference';
import { ruleProblem } from '../problems';
import type { ReferenceKind } from '../reference/definitions';
import { BookingRights, need } from '../rights';
import { BOOKING_SERVICE } from '../service';
import { languageOfRequest, type Language } from '../messages';
import { jsonBody, refuseUndecodablePath, uuidParam } from './http-input';

export const ADMIN_BASE = '/api/v1/booking-admin';

const RESOURCES: { path: string; kind: ReferenceKind }[] = [
  { path: 'organizations', kind: 'organization' },
  { path: 'locations', kind: 'location' },
  { path: 'calendars', kind: 'calendar' },
  { path: 'calendar-locations', kind: 'calendar-location' },
  { path: 'settings', kind: 'settings' },
];

/**
 * The reference-data admin API, after the platform conventions: plural collections, JSON objects, cursor
 * pagination with nextCursor ('' when there is no more), 201 with Location on create, PUT replaces.
 */
export function adminRoutes(context: BookingContext): Router {
  const router = Router();
  const schemas = RequestSchemas.of(BOOKING_SERVICE);
  router.use(ADMIN_BASE, need(BookingRights.manageReferenceData));

  for (const { path, kind } of RESOURCES) {
    const collection = `${ADMIN_BASE}/${path}`;
    router.get(
      collection,
      route(async (request, response) => {
        const language = languageOfRequest(request);
        const query = schemas.query<{ cursor?: string; limit: number }>('admin-list.query', request.query);
        const after = query.cursor ? decodeCursor(query.cursor, language) : null;
        const filter = after ? { _id: { $gt: after } } : {};
        const [page, totalCount] = await Promise.all([context.reference.find(kind, filter, { sort: { _id: 1 }, limit: query.limit + 1 }), context.reference.count(kind, {})]);
        const items = page.slice(0, query.limit);
        const nextCursor = page.length > query.limit ? encodeCursor((items[items.length - 1] as { id: string }).id) : '';
        response.status(200).json({ items, nextCursor, totalCount });
      }),
    );

    router.post(
      collection,
      route(async (request, response) => {
        const language = languageOfRequest(request);
        const input = schemas.value<Record<string, unknown>>(kind, await jsonBody(request, language));
        const saved = await saveReference(context, kind, 'create', input, { producer: clientOf(response).id, language });
        response.status(201).location(`${collection}/${(saved as { id: string }).id}`).json(saved);
      }),
    );

    router.get(
      `${collection}/:id`,
      route(async (request, response) => {
        const language = languageOfRequest(request);
        const id = uuidParam(request.params.id, 'id', language);
        const found = await context.reference.get(kind, id);
        if (!found) throw ruleProblem(language, 404, 'referenceNotFound', { kind, id });
        response.status(200).json(found);
      }),
    );

    router.put(
      `${collection}/:id`,
      route(async (request, response) => {
        const language = languageOfRequest(request);
        const id = uuidParam(request.params.id, 'id', language);
        const input = schemas.value<Record<string, unknown>>(kind, await jsonBody(request, language));
        response.status(200).json(await saveReference(context, kind, 'update', input, { id, producer: clientOf(response).id, language }));
      }),
    );
  }

  router.post(
    `${ADMIN_BASE}/imports`,
    route(async (request, response) => {
      const language = languageOfRequest(request);
      const file = schemas.value<ReferenceImport>('import', await jsonBody(request, language));
      response.status(200).json(await importReferenceData(context, file, clientOf(response).id, language));
    }),
  );
  router.use(refuseUndecodablePath('id'));
  return router;
}

const encodeCursor = (id: string) => Buffer.from(id).toString('base64url');

function decodeCursor(cursor: string, language: Language): string {
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw ruleProblem(language, 400, 'invalidCursor', {}, 'cursor');
  return id;
}
