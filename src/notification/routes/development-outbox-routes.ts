import { Router } from 'express';
import { route } from '../../platform/http/problem';
import { singleValuedQuery } from '../../platform/http/query';
import { RequestSchemas } from '../../platform/http/request-validation';
import { requireRight } from '../../platform/http/service-auth';
import type { DevelopmentOutbox } from '../channels/development-outbox';
import { NotificationRights } from '../rights';
import { NOTIFICATION_SERVICE } from '../service';

const DEFAULT_LIMIT = 20;

/**
 * What the development outbox received, newest first, paged by cursor (section E): the e-mails and
 * gateway messages the platform sent on a machine without a mail server or gateways. It exists only
 * while the outbox runs (the embedded profile, by default); elsewhere the path is unknown (404).
 */
export function developmentOutboxRoutes(outbox: DevelopmentOutbox): Router {
  const router = Router();
  const schemas = RequestSchemas.of(NOTIFICATION_SERVICE);
  router.get(
    '/api/v1/development-outbox/messages',
    requireRight(NOTIFICATION_SERVICE, NotificationRights.developmentOutbox),
    route(async (request, response) => {
      const query = schemas.value<{ cursor?: string; limit?: string }>('development-outbox.query.json', singleValuedQuery(request.query));
      const offset = Number(query.cursor ?? 0);
      const page = outbox.messages(offset, Number(query.limit ?? DEFAULT_LIMIT));
      response.json({ items: page.items, nextCursor: page.more ? String(offset + page.items.length) : '' });
    }),
  );
  return router;
}
