import { Router, type Response } from 'express';
import { route } from '../../platform/http/problem';
import type { BookingContext } from '../handlers/booking-context';
import { resolveService } from '../handlers/service-resolver';
import { calendarConfig } from '../queries/calendar-config';
import { paginationResponse, pageWindow, type PageRequest } from '../queries/pagination';
import { locationModel, organizationModel, settingModel } from '../queries/reference-views';
import { resourceDto } from '../reference/definitions';
import { findServiceByIdno, servicesAt } from '../queries/service-queries';
import { BookingRights, need } from '../rights';
import { DEFAULT_TIME_ZONE } from '../../platform/time/zoned-time';
import { languageOfRequest, queryOf } from './http-input';

/** organizations/list, locations/list(-by-idno), calendars/list, calendars/config(-by-idno) and settings. */
export function referenceRoutes(context: BookingContext): Router {
  const router = Router();
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
      const query = queryOf<PageRequest & { OrganizationId: string }>(request, 'locations-list.query', languageOfRequest(request));
      await locationPage(response, { organizationId: query.OrganizationId }, query);
    }),
  );

  router.get(
    '/api/v2/locations/list-by-idno',
    need(BookingRights.readLocations),
    route(async (request, response) => {
      const query = queryOf<PageRequest & { Idno: string }>(request, 'locations-by-idno.query', languageOfRequest(request));
      const organizations = await reference.find('organization', { idno: query.Idno });
      await locationPage(response, { organizationId: { $in: organizations.map((organization) => organization.id) } }, query);
    }),
  );

  router.get(
    '/api/v2/calendars/list',
    need(BookingRights.readCalendars),
    route(async (request, response) => {
      const { locationId } = queryOf<{ locationId: string }>(request, 'calendars-list.query', languageOfRequest(request));
      const services = await servicesAt(context, locationId);
      if (services.length === 0) return noContent(response);
      response.status(200).json(services.map((service) => ({ name: resourceDto(service.calendar.name), calendarLocationId: service.calendarLocation.id })));
    }),
  );

  router.get(
    '/api/v2/calendars/config',
    need(BookingRights.readCalendars),
    route(async (request, response) => {
      const { calendarLocationId } = queryOf<{ calendarLocationId: string }>(request, 'calendar-config.query', languageOfRequest(request));
      const service = await resolveService(context, calendarLocationId);
      if (!service?.isOpen) return noContent(response);
      response.status(200).json(await calendarConfig(context, service));
    }),
  );

  router.get(
    '/api/v2/calendars/config-by-idno',
    need(BookingRights.readCalendars),
    route(async (request, response) => {
      const query = queryOf<{ LocationIdno: string; ServiceCode: string }>(request, 'calendar-config-by-idno.query', languageOfRequest(request));
      const service = await findServiceByIdno(context, query.LocationIdno, query.ServiceCode);
      if (!service) return noContent(response);
      response.status(200).json(await calendarConfig(context, service));
    }),
  );

  router.get(
    '/api/v2/settings',
    need(BookingRights.readSettings),
    route(async (request, response) => {
      const query = queryOf<{ OrganizationId: string; CalendarId: string }>(request, 'settings.query', languageOfRequest(request));
      const calendar = await reference.calendar(query.CalendarId);
      const settings = calendar?.organizationId === query.OrganizationId ? await reference.effectiveSettings(query.OrganizationId, query.CalendarId) : null;
      if (!settings) return noContent(response);
      response.status(200).json({ ...settingModel(settings, DEFAULT_TIME_ZONE), calendarId: query.CalendarId });
    }),
  );
  return router;
}
