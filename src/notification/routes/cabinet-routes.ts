import { Router } from 'express';
import { notFound } from '../../platform/errors';
import { route } from '../../platform/http/problem';
import { readJson } from '../../platform/http/read-body';
import { RequestSchemas } from '../../platform/http/request-validation';
import { clientOf, requireRight } from '../../platform/http/service-auth';
import { readYourWrites } from '../../platform/projections/read-your-writes';
import type { ServiceDeps } from '../../platform/service-module';
import type { NotificationHandler } from '../handlers/notification-handler';
import { getCabinetMessage, searchCabinetInbox, type CabinetSearch } from '../queries/cabinet-inbox';
import { NotificationRights } from '../rights';
import { NOTIFICATION_SERVICE } from '../service';
import { isUuid } from './ids';

const BODY_LIMIT = 16 * 1024;

/**
 * The portal cabinet (section E conventions; the seed shows no endpoint): the portal, a registered
 * client with the "cabinet" right, reads a citizen's inbox and records that the citizen opened a
 * message. The IDNP travels in the body, never in the URL.
 */
export function cabinetRoutes(deps: ServiceDeps, notifications: NotificationHandler): Router {
  const router = Router();
  const may = requireRight(NOTIFICATION_SERVICE, NotificationRights.cabinet);
  const schemas = RequestSchemas.of(NOTIFICATION_SERVICE);

  router.post(
    '/api/v1/cabinet-message-searches',
    may,
    route(async (request, response) => {
      const search = schemas.value<CabinetSearch>('cabinet-message-search.json', await readJson(request, BODY_LIMIT));
      await readYourWrites(deps);
      response.json(await searchCabinetInbox(deps.documents, search));
    }),
  );

  router.post(
    '/api/v1/cabinet-messages/:messageId/readings',
    may,
    route(async (request, response) => {
      const { idnp } = schemas.value<{ idnp: string }>('cabinet-message-reading.json', await readJson(request, BODY_LIMIT));
      const messageId = String(request.params.messageId).toLowerCase();
      await readYourWrites(deps);
      const message = isUuid(messageId) ? await getCabinetMessage(deps.documents, idnp, messageId) : null;
      if (!message) throw notFound(`no cabinet message ${messageId} for this citizen`);
      const by = clientOf(response).id;
      await notifications.execute({ type: 'RecordReceipt', notificationId: message.notificationId, messageId, status: 'Read', at: deps.clock.now().toISOString(), by });
      response.status(204).end();
    }),
  );

  return router;
}
