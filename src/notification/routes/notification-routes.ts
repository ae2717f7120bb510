import { Router } from 'express';
import { notFound } from '../../platform/errors';
import { readJson } from '../../platform/http/read-body';
import { clientOf, requireRight } from '../../platform/http/service-auth';
import type { ServiceDeps } from '../../platform/service-module';
import { NotificationRights } from '../rights';
import { NOTIFICATION_SERVICE } from '../service';
import { handled, idParam, isUuid, sendId } from './http-helpers';
import type { ListQuery } from '../queries/list-query';
import type { NotificationRequest } from '../notification/limits';
import { getNotification, listNotifications } from '../queries/notifications';
import type { NotificationService } from '../handlers/notification-handler';
import type { NotificationSettings } from '../settings';
import { toNotificationDto, toNotificationShortDto } from '../queries/notification-views';
import { notificationSchema } from '../schema-validation';
import { readYourWrites } from '../../platform/projections/read-your-writes';
import { singleValuedQuery } from '../../platform/http/query';

const validateNotification = notificationSchema<NotificationRequest>('notification.json', { membersInAnyCase: true });
const validateListQuery = notificationSchema<ListQuery>('list-query.json', { membersInAnyCase: true });

/** The seed's notification operations (paths and members as the seed writes them). */
export function notificationRoutes(deps: ServiceDeps, service: NotificationService, settings: NotificationSettings): Router {
  const router = Router();
  const may = requireRight(NOTIFICATION_SERVICE, NotificationRights.notifications);

  router.get(
    '/api/Notifications',
    may,
    handled(async (request, response) => {
      const query = validateListQuery(singleValuedQuery(request.query));
      await readYourWrites(deps);
      response.json((await listNotifications(deps.documents, clientOf(response).id, query)).map(toNotificationShortDto));
    }),
  );

  router.get(
    '/api/Notification/:id',
    may,
    handled(async (request, response) => {
      await readYourWrites(deps);
      const id = idParam(request);
      const document = isUuid(id) ? await getNotification(deps.documents, clientOf(response).id, id) : null;
      if (!document) throw notFound(`notification ${id} was not found`);
      response.json(toNotificationDto(document));
    }),
  );

  router.post(
    '/api/Notification',
    may,
    handled(async (request, response) => {
      const body = validateNotification(await readJson(request, settings.maxRequestBytes));
      const client = clientOf(response);
      sendId(response, await service.accept(body, { id: client.id, idno: client.idno }));
    }),
  );

  router.delete(
    '/api/Notification/:id',
    may,
    handled(async (request, response) => {
      const id = idParam(request);
      if (!isUuid(id)) throw notFound(`notification ${id} was not found`);
      const client = clientOf(response);
      await service.execute({ type: 'RequestCancel', notificationId: id, requester: client.id, at: deps.clock.now().toISOString(), by: client.id });
      sendId(response, id);
    }),
  );

  return router;
}
