import { pathParameter, type ApiOperation, type ServiceApi } from '../platform/openapi/api-description';
import { bookingAdminOperations } from './admin-api';
import { bookingRight, LANGUAGE } from './api-parameters';
import { BookingRights } from './rights';

const INVALID = 'Invalid input: every field at fault in `errors`, in the caller\'s language.';
const NOTHING = { description: 'Nothing found for the criteria.' };
const APPOINTMENT_ID = pathParameter('appointmentId', 'The appointment, as the request answered it.', { type: 'string', format: 'uuid' });
const RULE = 'Invalid input, or the appointment cannot move so (not found, already canceled or scheduled, its confirmation deadline or its start passed).';
const NOT_YOURS = "The client lacks the right, or the appointment is another organization's.";

function read(path: string, operationId: string, summary: string, description: string, right: keyof typeof BookingRights, query: string | undefined, schema: string, empty = true): ApiOperation {
  return {
    method: 'get',
    path,
    operationId,
    summary,
    description,
    access: bookingRight(BookingRights[right]),
    parameters: [LANGUAGE],
    ...(query ? { query } : {}),
    responses: empty ? { 200: { description: 'Found.', schema }, 204: NOTHING } : { 200: { description: 'Found.', schema } },
    problems: query ? { 400: INVALID } : {},
  };
}

const appointments: ApiOperation[] = [
  {
    method: 'post',
    path: '/api/v2/appointments/request',
    operationId: 'requestAppointments',
    summary: 'Request appointments',
    description:
      'One element per citizen, each with the services and start times to book. An appointment is created Waiting (to confirm before hoursUntilConfirmationDeadline), or Scheduled at once when isEvo is true; the citizen is notified by e-mail when notifyUser is true. With an Idempotency-Key, the same request sent again is answered as the first time.',
    access: bookingRight(BookingRights.requestAppointments),
    parameters: [
      LANGUAGE,
      { name: 'Idempotency-Key', in: 'header', description: 'A key of 1 to 200 printable characters: a retry with the same key and body gets the first answer.', schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,200}$' } },
    ],
    body: { schema: 'booking/appointment-request.json', description: 'AppointmentRequestV2Model[], one per citizen.' },
    responses: { 200: { description: 'Created: SuccesAppointmentRequestModel.', schema: 'booking/appointment-request.response.json' } },
    problems: { 400: `${INVALID} Or a slot that is not free, a service not open, a key reused with another body.`, 403: "The client lacks the right, or books at another organization's location.", 409: 'A request with this Idempotency-Key is still under way.' },
  },
  {
    method: 'patch',
    path: '/api/v2/appointments/{appointmentId}/confirm',
    operationId: 'confirmAppointment',
    summary: 'Confirm an appointment',
    description: 'Waiting becomes Scheduled. Answers the appointment as it now stands.',
    access: bookingRight(BookingRights.confirmAppointments),
    parameters: [LANGUAGE, APPOINTMENT_ID],
    responses: { 200: { description: 'Confirmed.', schema: 'booking/appointment.response.json' } },
    problems: { 400: RULE, 403: NOT_YOURS },
  },
  {
    method: 'delete',
    path: '/api/v2/appointments/{appointmentId}/cancel',
    operationId: 'cancelAppointment',
    summary: 'Cancel an appointment',
    description: 'Its slot is given back; the citizen is notified unless notifyUser is false. Answers the appointment as it now stands.',
    access: bookingRight(BookingRights.cancelAppointments),
    parameters: [LANGUAGE, APPOINTMENT_ID],
    query: 'booking/cancel.query.json',
    responses: { 200: { description: 'Canceled.', schema: 'booking/appointment.response.json' } },
    problems: { 400: RULE, 403: NOT_YOURS },
  },
  read('/api/v2/appointments/list', 'listAppointments', 'Search appointments', "A page of the appointments matching the criteria, with their citizens; the caller's organization's only, unless it may read all.", 'readAppointments', 'booking/appointments-list.query.json', 'booking/appointments-page.response.json'),
  read('/api/v2/appointments/user-list', 'listCitizenAppointments', "A citizen's appointments", 'The appointments of one IDNP, optionally at one organization.', 'readAppointments', 'booking/user-list.query.json', 'booking/appointment-list.response.json'),
  read('/api/v2/appointments/user-list-updated', 'listCitizenAppointmentModels', "A citizen's appointments, in detail", 'The appointments of one IDNP as AppointmentModel (Organization is taken and not used).', 'readAppointments', 'booking/user-list.query.json', 'booking/appointment-models.response.json'),
  read('/api/v2/appointments/location-list', 'listLocationAppointments', "A location's appointments", 'The appointments at a location, without citizen data.', 'readAppointments', 'booking/location-list.query.json', 'booking/public-appointments.response.json'),
  read('/api/v2/appointments/calendar-location-list', 'listCalendarLocationAppointments', "A service's appointments at a location", 'The appointments of a calendar-location, without citizen data.', 'readAppointments', 'booking/calendar-location-list.query.json', 'booking/public-appointments.response.json'),
];

const reference: ApiOperation[] = [
  read('/api/v2/organizations/list', 'listOrganizations', 'Organizations', 'The organizations offering public services with appointments.', 'readOrganizations', undefined, 'booking/organizations.response.json', false),
  read('/api/v2/locations/list', 'listLocations', "An organization's locations", 'A page of the locations of an organization, by its id.', 'readLocations', 'booking/locations-list.query.json', 'booking/locations-page.response.json'),
  read('/api/v2/locations/list-by-idno', 'listLocationsByIdno', "An organization's locations, by IDNO", 'A page of the locations of an organization, by its IDNO.', 'readLocations', 'booking/locations-by-idno.query.json', 'booking/locations-page.response.json'),
  read('/api/v2/calendars/list', 'listCalendars', 'Services at a location', 'The services (calendars) offered at a location, with the calendarLocationId to book them by.', 'readCalendars', 'booking/calendars-list.query.json', 'booking/calendars.response.json'),
  read('/api/v2/calendars/config', 'getCalendarConfig', "A service's configuration", 'Working intervals, booked slots and days off of a service at a location; 204 when it is not open for booking.', 'readCalendars', 'booking/calendar-config.query.json', 'booking/calendar-config.response.json'),
  read('/api/v2/calendars/config-by-idno', 'getCalendarConfigByIdno', "A service's configuration, by IDNO and code", 'As calendars/config, the service found by its location IDNO and service code.', 'readCalendars', 'booking/calendar-config-by-idno.query.json', 'booking/calendar-config.response.json'),
  read('/api/v2/settings', 'getSettings', "A service's settings", 'The settings in force for a calendar of an organization.', 'readSettings', 'booking/settings.query.json', 'booking/setting.response.json'),
];

export const bookingApi: ServiceApi = {
  tag: 'booking',
  description:
    "Appointment booking (v2 of the public guide): organizations, locations and services, free slots, and appointments requested, confirmed, canceled and listed; and the reference-data admin API. A client acts for the organization its registry entry names, unless it has an '-all' right. Problems are worded in the language of x-custom-lang.",
  operations: [...appointments, ...reference, ...bookingAdminOperations],
};
