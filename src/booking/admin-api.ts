import { pathParameter, type ApiOperation } from '../platform/openapi/api-description';
import { bookingRight, LANGUAGE } from './api-parameters';
import { BookingRights } from './rights';
import { ADMIN_BASE } from './routes/admin-routes';

const RESOURCES = [
  { path: 'organizations', schema: 'organization', definition: 'Organization', name: 'organization', plural: 'Organizations' },
  { path: 'locations', schema: 'location', definition: 'Location', name: 'location', plural: 'Locations' },
  { path: 'calendars', schema: 'calendar', definition: 'Calendar', name: 'calendar (a public service)', plural: 'Calendars' },
  { path: 'calendar-locations', schema: 'calendar-location', definition: 'CalendarLocation', name: 'calendar-location (a service at a location)', plural: 'CalendarLocations' },
  { path: 'settings', schema: 'settings', definition: 'Settings', name: 'settings of an organization or calendar', plural: 'Settings' },
] as const;

const access = bookingRight(BookingRights.manageReferenceData);
const INVALID = "Invalid input (in the caller's language), or a reference to a definition that does not exist.";
const ID = pathParameter('id', 'The definition.', { type: 'string', format: 'uuid' });
const response = (definition: string) => `booking/admin.response.json#/definitions/${definition}`;

/** The reference-data admin API: list, create, read and replace each kind, and the import. */
export const bookingAdminOperations: ApiOperation[] = [
  ...RESOURCES.flatMap(({ path, schema, definition, name, plural }): ApiOperation[] => [
    {
      method: 'get',
      path: `${ADMIN_BASE}/${path}`,
      operationId: `listAdmin${plural}`,
      summary: `List ${path}`,
      description: `A page of every ${name}, by cursor.`,
      access,
      parameters: [LANGUAGE],
      query: 'booking/admin-list.query.json',
      responses: { 200: { description: 'A page.', schema: response(`${definition}Page`) } },
      problems: { 400: 'A cursor that is not one, or a limit out of range.' },
    },
    {
      method: 'post',
      path: `${ADMIN_BASE}/${path}`,
      operationId: `createAdmin${definition}`,
      summary: `Create a ${name}`,
      description: `The ${name}; its id is made when not given. Location: the new definition.`,
      access,
      parameters: [LANGUAGE],
      body: { schema: `booking/${schema}.json`, description: `The ${name}.` },
      responses: { 201: { description: 'Created.', schema: response(`${definition}Definition`), headers: { Location: { description: 'The new definition.', schema: { type: 'string' } } } } },
      problems: { 400: INVALID, 409: 'A definition with this id exists.' },
    },
    {
      method: 'get',
      path: `${ADMIN_BASE}/${path}/{id}`,
      operationId: `getAdmin${definition}`,
      summary: `Read a ${name}`,
      description: `The ${name} as saved.`,
      access,
      parameters: [LANGUAGE, ID],
      responses: { 200: { description: 'Found.', schema: response(`${definition}Definition`) } },
      problems: { 400: 'The id is not a UUID.', 404: 'No such definition.' },
    },
    {
      method: 'put',
      path: `${ADMIN_BASE}/${path}/{id}`,
      operationId: `replaceAdmin${definition}`,
      summary: `Replace a ${name}`,
      description: `The whole ${name}, changed.`,
      access,
      parameters: [LANGUAGE, ID],
      body: { schema: `booking/${schema}.json`, description: `The ${name}.` },
      responses: { 200: { description: 'Replaced.', schema: response(`${definition}Definition`) } },
      problems: { 400: INVALID, 404: 'No such definition.' },
    },
  ]),
  {
    method: 'post',
    path: `${ADMIN_BASE}/imports`,
    operationId: 'importReferenceData',
    summary: 'Import reference data',
    description: 'Organizations, locations, calendars, calendar-locations and settings at once, each with its id: importing the same file again changes nothing.',
    access,
    parameters: [LANGUAGE],
    body: { schema: 'booking/import.json', description: 'The definitions, by kind.' },
    responses: { 200: { description: 'Imported.', schema: response('ImportSummary') } },
    problems: { 400: INVALID },
  },
];
