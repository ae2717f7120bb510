import { Router, type Response } from 'express';
import { route } from '../../platform/http/problem';
import { RequestSchemas } from '../../platform/http/request-validation';
import type { BookingContext } from '../handlers/booking-context';
import { resolveService } from '../handlers/service-resolver';
import { calendarConfig } from '../queries/calendar-config';
import { paginationResponse, pageWindow, type PageRequest } from '../queries/pagination';
import { locationModel, organizationModel, settingModel } from '../queries/reference-views';
import { resourceDto } from '../reference/definitions';
import { findServiceByIdno, servicesAt } from '../queries/service-queries';
import { BookingRights, need } from '../rights';
import { DEFAULT_TIME_ZONE } from '../../platform/time/zoned-time';
import { BOOKING_SERVICE } from '../service';

/** organizations/list, locations/list(-by-idno), calendars/list, calendars/config(-by-idno) and settings. */
export function referenceRoutes(context: BookingContext): Router {
  const router = Router();
  const schemas = RequestSchemas.of(BOOKING_SERVICE);
  const { reference } = context;
  const noContent = (response: Response) => void response.status(204).end();

  router.get(
    '/api/v2/organizations/list',
    need(BookingRights.readOrganizations),
    route(async (_request, response) => {
      const offering = new Set((await reference.find('calendar', {})).map((calendar) => calendar.organizationId));
      const organizations = await reference.find('organization', {}, { sort: { 'name.ro': 1 } });
      response.status(200).json(organizations.filter((organization) => offering.has(organization.id)).map(organizationModel));
    }),
  );

  const locationPage = async (response: Response, filter: Record<string, unknown>, page: PageRequest) => {
    const [locations, totalCount] = await Promise.all([reference.find('location', filter, { sort: { 'name.ro': 1 }, ...pageWindow(page) }), reference.count('location', filter)]);
    if (totalCount === 0) return noContent(response);
    response.status(200).json(paginationResponse(locations.map(locationModel), totalCount, page.PageSize, page.PageNumber));
  };

  router.get(
    '/api/v2/locations/list',
    need(BookingRights.readLocations),
    route(async (request, response) => {
      const query = schemas.query<PageRequest & { OrganizationId: string }>('locations-list.query', request.query);
      await locationPage(response, { organizationId: query.OrganizationId }, query);
    }),
  );

  router.get(
    '/api/v2/locations/list-by-idno',
    need(BookingRights.readLocations),
    route(async (request, response) => {
      const query = schemas.query<PageRequest & { Idno: string }>('locations-by-idno.query', request.query);
      const organizations = await reference.find('organization', { idno: query.Idno });
      await locationPage(response, { organizationId: { $in: organizations.map((organization) => organization.id) } }, query);
    }),
  );

  router.get(
    '/api/v2/calendars/list',
    need(BookingRights.readCalendars),
    route(async (request, response) => {
      const { locationId } = schemas.query<{ locationId: string }>('calendars-list.query', request.query);
      const services = await servicesAt(context, locationId);
      if (services.length === 0) return noContent(response);
      response.status(200).json(services.map((service) => ({ name: resourceDto(service.calendar.name), calendarLocationId: service.calendarLocation.id })));
    }),
  );

  router.get(
    '/api/v2/calendars/config',
    need(BookingRights.readCalendars),
    route(async (request, response) => {
      const { calendarLocationId } = schemas.query<{ calendarLocationId: string }>('calendar-config.query', request.query);
      const service = await resolveService(context, calendarLocationId);
      if (!service?.isOpen) return noContent(response);
      response.status(200).json(await calendarConfig(context, service));
    }),
  );

  router.get(
    '/api/v2/calendars/config-by-idno',
    need(BookingRights.readCalendars),
    route(async (request, response) => {
      const query = schemas.query<{ LocationIdno: string; ServiceCode: string }>('calendar-config-by-idno.query', request.query);
      const service = await findServiceByIdno(context, query.LocationIdno, query.ServiceCode);
      if (!service) return noContent(response);
      response.status(200).json(await calendarConfig(context, service));
    }),
  );

  router.get(
    '/api/v2/settings',
    need(BookingRights.readSettings),
    route(async (request, response) => {
      const query = schemas.query<{ OrganizationId: string; CalendarId: string }>('settings.query', request.query);
      const calendar = await reference.calendar(query.CalendarId);
      const settings = calendar?.organizationId === query.OrganizationId ? await reference.effectiveSettings(query.OrganizationId, query.CalendarId) : null;
      if (!settings) return noContent(response);
      response.status(200).json({ ...settingModel(settings, DEFAULT_TIME_ZONE), calendarId: query.CalendarId });
    }),
  );
  return router;
}
