import { Router } from 'express';
import { conflict, notFound } from '../../platform/errors';
import { readJson } from '../../platform/http/read-body';
import { route } from '../../platform/http/problem';
import { RequestSchemas } from '../../platform/http/request-validation';
import { clientOf, requireRight } from '../../platform/http/service-auth';
import { readYourWrites } from '../../platform/projections/read-your-writes';
import type { ServiceDeps } from '../../platform/service-module';
import type { NotificationHandler } from '../handlers/notification-handler';
import { getMessage } from '../queries/notifications';
import { NotificationRights } from '../rights';
import { NOTIFICATION_SERVICE } from '../service';

const BODY_LIMIT = 16 * 1024;

type DeliveryReceipt = { reference: string; status: 'Delivered' | 'Read' | 'Failed'; failureCode?: string };

/** The channels whose messages leave through an HTTP gateway; e-mail and the cabinet have their own ways. */
const GATEWAY_CHANNELS = new Set(['SMS', 'Viber', 'Web push']);

/**
 * Delivery receipts: the SMS, Viber and web-push gateways call back (a client with the "receipts"
 * right) with the MessageId they were given as reference.
 */
export function receiptRoutes(deps: ServiceDeps, notifications: NotificationHandler): Router {
  const router = Router();
  const schemas = RequestSchemas.of(NOTIFICATION_SERVICE);
  router.post(
    '/api/v1/notification-receipts',
    requireRight(NOTIFICATION_SERVICE, NotificationRights.receipts),
    route(async (request, response) => {
      const receipt = schemas.value<DeliveryReceipt>('delivery-receipt.json', await readJson(request, BODY_LIMIT));
      const messageId = receipt.reference.toLowerCase();
      await readYourWrites(deps);
      const message = await getMessage(deps.documents, messageId);
      if (!message) throw notFound(`no message ${messageId}`);
      if (!GATEWAY_CHANNELS.has(message.channel)) throw conflict(`message ${messageId} went by ${message.channel}, which no gateway reports on`);
      await notifications.execute({
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
