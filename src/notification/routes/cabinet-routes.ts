import { Router } from 'express';
import { conflict, notFound } from '../../platform/errors';
import { readJson } from '../../platform/http/read-body';
import { clientOf, requireRight } from '../../platform/http/service-auth';
import type { ServiceDeps } from '../../platform/service-module';
import { NotificationRights } from '../rights';
import { NOTIFICATION_SERVICE } from '../service';
import { CABINET_INBOX, type CabinetMessageDocument } from '../../../projections/notification/cabinet-inbox';
import { NOTIFICATION_MESSAGES, type MessageDocument } from '../../../projections/notification/notifications';
import { handled, isUuid } from './http-helpers';
import type { NotificationService } from '../handlers/notification-handler';
import { notificationSchema } from '../schema-validation';
import { readYourWrites } from '../../platform/projections/read-your-writes';

const validateSearch = notificationSchema<{ idnp: string; cursor?: string; limit?: number }>('cabinet-message-search.json');
const validateReading = notificationSchema<{ idnp: string }>('cabinet-message-reading.json');
const BODY_LIMIT = 16 * 1024;

/**
 * The portal cabinet (section E conventions; the seed shows no endpoint): the portal, a registered
 * client with the "cabinet" right, reads a citizen's inbox and records that the citizen opened a
 * message. The IDNP travels in the body, never in the URL.
 */
export function cabinetRoutes(deps: ServiceDeps, service: NotificationService): Router {
  const router = Router();
  const may = requireRight(NOTIFICATION_SERVICE, NotificationRights.cabinet);

  router.post(
    '/api/v1/cabinet-message-searches',
    may,
    handled(async (request, response) => {
      const search = validateSearch(await readJson(request, BODY_LIMIT));
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
    handled(async (request, response) => {
      const { idnp } = validateReading(await readJson(request, BODY_LIMIT));
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
  const validateReceipt = notificationSchema<{ reference: string; status: 'Delivered' | 'Read' | 'Failed'; failureCode?: string }>('delivery-receipt.json');
  router.post(
    '/api/v1/notification-receipts',
    requireRight(NOTIFICATION_SERVICE, NotificationRights.receipts),
    handled(async (request, response) => {
      const receipt = validateReceipt(await readJson(request, BODY_LIMIT));
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
