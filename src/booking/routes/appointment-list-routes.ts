import { Router, type Response } from 'express';
import { route } from '../../platform/http/problem';
import { RequestSchemas } from '../../platform/http/request-validation';
import { clientOf } from '../../platform/http/service-auth';
import type { BookingContext } from '../handlers/booking-context';
import { organizationCondition, searchAppointments, utc } from '../queries/appointment-queries';
import { detailedModel, listModel, publicModel } from '../queries/appointment-views';
import { paginationResponse, type PageRequest } from '../queries/pagination';
import { validationProblem } from '../problems';
import { actorOf, BookingRights, need } from '../rights';
import { languageOfRequest } from '../messages';
import { BOOKING_SERVICE } from '../service';

type Paged = PageRequest & { Status: number };
type ListQuery = Paged & { LocationRelatedIDNO?: string; UserIdentifier?: string; ServiceCode?: string; Start?: string; End?: string };
type UserListQuery = Paged & { Idnp: string; Organization?: string };

/** The five appointment lists; 204 when nothing matches. A client sees its own organization's appointments only. */
export function appointmentListRoutes(context: BookingContext): Router {
  const router = Router();
  const schemas = RequestSchemas.of(BOOKING_SERVICE);
  const scopeOf = (response: Response) => actorOf(clientOf(response), 'read').organizationIdno;
  const sendArray = (response: Response, items: unknown[]) => (items.length === 0 ? response.status(204).end() : response.status(200).json(items));
  const canRead = need(BookingRights.readAppointments);

  router.get(
    '/api/v2/appointments/list',
    canRead,
    route(async (request, response) => {
      const language = languageOfRequest(request);
      const query = schemas.query<ListQuery>('appointments-list.query', request.query);
      // a window that ends before it starts holds nothing: answered as the caller's mistake, not 204
      if (query.Start && query.End && utc(query.End) < utc(query.Start)) throw validationProblem(language, [{ field: 'End', key: 'endBeforeStart' }]);
      const conditions = [
        query.LocationRelatedIDNO ? { $or: [{ locationRelatedIdno: query.LocationRelatedIDNO }, { organizationIdno: query.LocationRelatedIDNO }] } : null,
        query.UserIdentifier ? { userIdentifier: query.UserIdentifier } : null,
        query.ServiceCode ? { serviceCode: query.ServiceCode } : null,
        query.Start ? { slotStart: { $gte: utc(query.Start) } } : null,
        query.End ? { slotEnd: { $lte: utc(query.End) } } : null,
      ].filter((condition) => condition !== null);
      const found = await searchAppointments(context, { scopeIdno: scopeOf(response), status: query.Status, conditions }, query);
      if (found.totalCount === 0) return void response.status(204).end();
      response.status(200).json(paginationResponse(found.items.map((item) => listModel(item, language)), found.totalCount, query.PageSize, query.PageNumber));
    }),
  );

  router.get(
    '/api/v2/appointments/user-list',
    canRead,
    route(async (request, response) => {
      const language = languageOfRequest(request);
      const query = schemas.query<UserListQuery>('user-list.query', request.query);
      const conditions = [{ userIdentifier: query.Idnp }, ...organizationCondition(query.Organization)];
      const found = await searchAppointments(context, { scopeIdno: scopeOf(response), status: query.Status, conditions }, query);
      sendArray(response, found.items.map((item) => listModel(item, language)));
    }),
  );

  router.get(
    '/api/v2/appointments/user-list-updated',
    canRead,
    route(async (request, response) => {
      const query = schemas.query<UserListQuery>('user-list.query', request.query);
      const found = await searchAppointments(context, { scopeIdno: scopeOf(response), status: query.Status, conditions: [{ userIdentifier: query.Idnp }] }, query);
      sendArray(response, found.items.map(detailedModel));
    }),
  );

  router.get(
    '/api/v2/appointments/location-list',
    canRead,
    route(async (request, response) => {
      const query = schemas.query<Paged & { LocationId: string }>('location-list.query', request.query);
      const found = await searchAppointments(context, { scopeIdno: scopeOf(response), status: query.Status, conditions: [{ locationId: query.LocationId }] }, query);
      sendArray(response, found.items.map(publicModel));
    }),
  );

  router.get(
    '/api/v2/appointments/calendar-location-list',
    canRead,
    route(async (request, response) => {
      const query = schemas.query<Paged & { CalendarLocationId: string }>('calendar-location-list.query', request.query);
      const conditions = [{ calendarLocationId: query.CalendarLocationId }];
      const found = await searchAppointments(context, { scopeIdno: scopeOf(response), status: query.Status, conditions }, query);
      sendArray(response, found.items.map(publicModel));
    }),
  );
  return router;
}
