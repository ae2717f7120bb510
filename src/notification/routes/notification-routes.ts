import { Router } from 'express';
import { notFound, serviceUnavailable } from '../../platform/errors';
import { BytesInFlight } from '../../platform/http/bytes-in-flight';
import { route } from '../../platform/http/problem';
import { singleValuedQuery } from '../../platform/http/query';
import { readJson } from '../../platform/http/read-body';
import { RequestSchemas } from '../../platform/http/request-validation';
import { clientOf, requireRight } from '../../platform/http/service-auth';
import { readYourWrites } from '../../platform/projections/read-your-writes';
import type { ServiceDeps } from '../../platform/service-module';
import type { NotificationHandler } from '../handlers/notification-handler';
import type { NotificationRequest } from '../notification/limits';
import type { ListQuery } from '../queries/list-query';
import { toNotificationDto, toNotificationShortDto } from '../queries/notification-views';
import { getNotification, listNotifications } from '../queries/notifications';
import { NotificationRights } from '../rights';
import { NOTIFICATION_SERVICE } from '../service';
import type { NotificationSettings } from '../settings';
import { idParam, isUuid, sendId } from './ids';

/** The seed's notification operations (paths and members as the seed writes them). */
export function notificationRoutes(deps: ServiceDeps, notifications: NotificationHandler, settings: NotificationSettings): Router {
  const router = Router();
  const may = requireRight(NOTIFICATION_SERVICE, NotificationRights.notifications);
  const schemas = RequestSchemas.of(NOTIFICATION_SERVICE);

  router.get(
    '/api/Notifications',
    may,
    route(async (request, response) => {
      const query = schemas.value<ListQuery>('list-query.json', singleValuedQuery(request.query), { membersInAnyCase: true });
      await readYourWrites(deps);
      response.json((await listNotifications(deps.documents, clientOf(response).id, query)).map(toNotificationShortDto));
    }),
  );

  router.get(
    '/api/Notification/:id',
    may,
    route(async (request, response) => {
      await readYourWrites(deps);
      const id = idParam(request);
      const document = isUuid(id) ? await getNotification(deps.documents, clientOf(response).id, id) : null;
      if (!document) throw notFound(`notification ${id} was not found`);
      response.json(toNotificationDto(document));
    }),
  );

  // a notification's body may be 32 MiB of base64 attachments, decoded and stored while it is held
  const inFlight = new BytesInFlight(settings.maxPendingBytes);
  router.post(
    '/api/Notification',
    may,
    route(async (request, response) => {
      if (!inFlight.admit()) {
        const warning = inFlight.warning();
        if (warning) deps.logger.warn(warning, 'notifications refused (503): the requests held passed NOTIFY_MAX_PENDING_BYTES');
        throw serviceUnavailable('too many notification bytes are being received on this bridge; send the request again after Retry-After', 1000);
      }
      let held = 0;
      try {
        const json = await readJson(request, settings.maxRequestBytes, (bytes) => {
          held += bytes;
          inFlight.hold(bytes);
        });
        const body = schemas.value<NotificationRequest>('notification.json', json, { membersInAnyCase: true });
        const client = clientOf(response);
        sendId(response, await notifications.accept(body, { id: client.id, idno: client.idno }));
      } finally {
        inFlight.release(held);
      }
    }),
  );

  router.delete(
    '/api/Notification/:id',
    may,
    route(async (request, response) => {
      const id = idParam(request);
      if (!isUuid(id)) throw notFound(`notification ${id} was not found`);
      const client = clientOf(response);
      await notifications.execute({ type: 'RequestCancel', notificationId: id, requester: client.id, at: deps.clock.now().toISOString(), by: client.id });
      sendId(response, id);
    }),
  );

  return router;
}
