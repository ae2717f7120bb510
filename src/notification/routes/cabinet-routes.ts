import { Router } from 'express';
import { conflict, notFound } from '../../platform/errors';
import { readJson } from '../../platform/http/read-body';
import { route } from '../../platform/http/problem';
import { RequestSchemas } from '../../platform/http/request-validation';
import { clientOf, requireRight } from '../../platform/http/service-auth';
import type { ServiceDeps } from '../../platform/service-module';
import { NotificationRights } from '../rights';
import { NOTIFICATION_SERVICE } from '../service';
import { CABINET_INBOX, type CabinetMessageDocument } from '../../../projections/notification/cabinet-inbox';
import { NOTIFICATION_MESSAGES, type MessageDocument } from '../../../projections/notification/notifications';
import { isUuid } from './ids';
import type { NotificationService } from '../handlers/notification-handler';
import { readYourWrites } from '../../platform/projections/read-your-writes';

const BODY_LIMIT = 16 * 1024;

/**
 * The portal cabinet (section E conventions; the seed shows no endpoint): the portal, a registered
 * client with the "cabinet" right, reads a citizen's inbox and records that the citizen opened a
 * message. The IDNP travels in the body, never in the URL.
 */
export function cabinetRoutes(deps: ServiceDeps, service: NotificationService): Router {
  const router = Router();
  const may = requireRight(NOTIFICATION_SERVICE, NotificationRights.cabinet);
  const schemas = RequestSchemas.of(NOTIFICATION_SERVICE);

  router.post(
    '/api/v1/cabinet-message-searches',
    may,
    route(async (request, response) => {
      const search = schemas.value<{ idnp: string; cursor?: string; limit?: number }>('cabinet-message-search.json', await readJson(request, BODY_LIMIT));
      await readYourWrites(deps);
      const inbox = deps.documents.collection<CabinetMessageDocument>(CABINET_INBOX);
      const filter = { idnp: search.idnp, withdrawn: false };
      const offset = Number(search.cursor ?? 0);
      const totalCount = await inbox.count(filter);
      const found = await inbox.find(filter, { sort: { sentAt: -1 }, skip: offset, limit: search.limit ?? 20 });
      response.json({
        items: found.map(({ _id, notificationId, subject, body, sentAt, readAt }) => ({ messageId: _id, notificationId, subject, body, sentAt, ...(readAt ? { readAt } : {}) })),
        nextCursor: offset + found.length < totalCount ? String(offset + found.length) : '',
        totalCount,
      });
    }),
  );

  router.post(
    '/api/v1/cabinet-messages/:messageId/readings',
    may,
    route(async (request, response) => {
      const { idnp } = schemas.value<{ idnp: string }>('cabinet-message-reading.json', await readJson(request, BODY_LIMIT));
      const messageId = String(request.params.messageId).toLowerCase();
      await readYourWrites(deps);
      const message = isUuid(messageId) ? await deps.documents.collection<CabinetMessageDocument>(CABINET_INBOX).findOne({ _id: messageId, idnp, withdrawn: false }) : null;
      if (!message) throw notFound(`no cabinet message ${messageId} for this citizen`);
      const by = clientOf(response).id;
      await service.execute({ type: 'RecordReceipt', notificationId: message.notificationId, messageId, status: 'Read', at: deps.clock.now().toISOString(), by });
      response.status(204).end();
    }),
  );

  return router;
}

/**
 * Delivery receipts: the SMS, Viber and web-push gateways call back (a client with the "receipts"
 * right) with the MessageId they were given as reference.
 */
/** The channels whose messages leave through an HTTP gateway; e-mail and the cabinet have their own ways. */
const GATEWAY_CHANNELS = new Set(['SMS', 'Viber', 'Web push']);

export function receiptRoutes(deps: ServiceDeps, service: NotificationService): Router {
  const router = Router();
  const schemas = RequestSchemas.of(NOTIFICATION_SERVICE);
  router.post(
    '/api/v1/notification-receipts',
    requireRight(NOTIFICATION_SERVICE, NotificationRights.receipts),
    route(async (request, response) => {
      const receipt = schemas.value<{ reference: string; status: 'Delivered' | 'Read' | 'Failed'; failureCode?: string }>('delivery-receipt.json', await readJson(request, BODY_LIMIT));
      const messageId = receipt.reference.toLowerCase();
      await readYourWrites(deps);
      const message = await deps.documents.collection<MessageDocument>(NOTIFICATION_MESSAGES).findOne({ _id: messageId });
      if (!message) throw notFound(`no message ${messageId}`);
      if (!GATEWAY_CHANNELS.has(message.channel)) throw conflict(`message ${messageId} went by ${message.channel}, which no gateway reports on`);
      await service.execute({
        type: 'RecordReceipt',
        notificationId: message.notificationId,
        messageId,
        status: receipt.status,
        ...(receipt.failureCode ? { failureCode: receipt.failureCode } : {}),
        at: deps.clock.now().toISOString(),
        by: clientOf(response).id,
      });
      response.status(204).end();
    }),
  );
  return router;
}
