import { randomBytes, randomUUID } from 'node:crypto';
import type { Actor } from '../appointment/appointment-commands';
import type { AppointmentRequested, Citizen } from '../appointment/appointment-events';
import type { Booking } from '../ledger/ledger-events';
import type { Language } from '../messages';
import { ruleProblem, validationProblem, type FieldError } from '../problems';
import type { BookingLimits } from '../slots/slot-capacity';
import { locateSlot } from '../slots/slot-rules';
import { formatWithOffset } from '../time/zoned-time';
import type { BookingContext } from './booking-context';
import { serviceResolver, type ResolvedService } from './service-resolver';

/** One element of the request body (AppointmentRequestV2Model), after schema validation and defaults. */
export type CitizenRequest = {
  isForeignCitizen: boolean;
  idnp?: string | null;
  passportNumber?: string | null;
  firstName: string;
  lastName: string;
  notifyUser: boolean;
  isEvo: boolean;
  email?: string | null;
  phone: string;
  residenceAddress?: string | null;
  services: { calendarLocationId: string; start: string; requestOptionId?: string | null; relatedOptionId?: string | null }[];
};

export type PlannedAppointment = {
  userIdentifier: string;
  field: string;
  requested: Omit<AppointmentRequested, 'requestId' | 'userAccessToken'>;
  booking: Booking;
  limits: BookingLimits;
};

const DEFAULT_CONFIRMATION_HOURS = 24;

/**
 * Turns a request into appointments to book, checking every service and slot rule first. All errors of
 * the request are reported together; a service of another organization is refused outright (403).
 */
export async function planAppointments(
  context: BookingContext,
  citizens: CitizenRequest[],
  options: { actor: Actor; language: Language; now: Date },
): Promise<PlannedAppointment[]> {
  const resolve = serviceResolver(context);
  const errors: FieldError[] = [];
  const planned: PlannedAppointment[] = [];
  const seen = new Set<string>();
  for (const [citizenIndex, citizen] of citizens.entries()) {
    const userIdentifier = (citizen.isForeignCitizen ? citizen.passportNumber : citizen.idnp) ?? '';
    for (const [serviceIndex, service] of citizen.services.entries()) {
      const field = `[${citizenIndex}].services[${serviceIndex}]`;
      const resolved = await resolve(service.calendarLocationId);
      if (!resolved || !resolved.isOpen) {
        const key = resolved ? 'calendarLocationInactive' : 'calendarLocationNotFound';
        errors.push({ field: `${field}.calendarLocationId`, key, params: { id: service.calendarLocationId } });
        continue;
      }
      if (options.actor.organizationIdno !== null && resolved.organization.idno !== options.actor.organizationIdno) {
        throw ruleProblem(options.language, 403, 'serviceNotYours');
      }
      const requestOption = optionOf(resolved.calendarLocation.requestOptions, service.requestOptionId, `${field}.requestOptionId`, errors);
      const relatedOption = optionOf(resolved.calendarLocation.relatedOptions, service.relatedOptionId, `${field}.relatedOptionId`, errors);
      const located = locateSlot(resolved.slotCalendar, new Date(service.start), options.now);
      if ('refusal' in located) {
        errors.push({ field: `${field}.start`, key: located.refusal });
        continue;
      }
      const duplicate = `${userIdentifier}|${service.calendarLocationId}|${located.slot.start.toISOString()}`;
      if (seen.has(duplicate)) errors.push({ field: `${field}.start`, key: 'duplicateService' });
      seen.add(duplicate);
      const booking = { appointmentId: randomUUID(), calendarLocationId: service.calendarLocationId, start: located.slot.start.toISOString(), end: located.slot.end.toISOString() };
      const limits = { perSlotLimit: located.slot.perSlotLimit, locationCapacity: resolved.location.capacity, dailyLimit: resolved.calendarLocation.appointmentsLimit };
      const requested = describe(resolved, citizen, booking, located.slot.date, { requestOption, relatedOption }, options);
      planned.push({ userIdentifier, field: `${field}.start`, requested, booking, limits });
    }
  }
  if (errors.length) throw validationProblem(options.language, errors);
  return planned;
}

function optionOf(options: { id: string; name: object }[], id: string | null | undefined, field: string, errors: FieldError[]) {
  if (!id) return null;
  const option = options.find((candidate) => candidate.id === id);
  if (!option) errors.push({ field, key: 'optionNotFound', params: { id } });
  return option ?? null;
}

function describe(
  resolved: ResolvedService,
  citizen: CitizenRequest,
  booking: Booking,
  slotDate: string,
  chosen: Pick<AppointmentRequested, 'requestOption' | 'relatedOption'>,
  options: { actor: Actor; language: Language; now: Date },
): PlannedAppointment['requested'] {
  const { calendarLocation, calendar, location, organization } = resolved;
  const start = new Date(booking.start);
  const hours = resolved.settings?.hoursUntilConfirmationDeadline ?? DEFAULT_CONFIRMATION_HOURS;
  // the citizen confirms before the appointment at the latest
  const deadline = citizen.isEvo ? null : new Date(Math.min(options.now.getTime() + hours * 3_600_000, start.getTime()));
  return {
    appointmentId: booking.appointmentId,
    code: `${organization.code ?? 'MD'}-${randomCode()}`,
    status: citizen.isEvo ? 'Scheduled' : 'Waiting',
    isEvo: citizen.isEvo,
    notifyUser: citizen.notifyUser,
    language: options.language,
    citizen: citizenOf(citizen),
    organizationId: organization.id,
    organizationName: organization.name,
    organizationIdno: organization.idno,
    locationId: location.id,
    locationName: location.name,
    locationAddress: location.locationAddress,
    locationCoordinatesUrl: location.coordinatesUrl,
    locationRelatedIdno: location.relatedIdno,
    timeZone: location.timeZone,
    calendarLocationId: calendarLocation.id,
    calendarLocationName: calendarLocation.name ?? calendar.name,
    calendarId: calendar.id,
    calendarName: calendar.name,
    serviceCode: calendar.code,
    serviceDescription: calendar.description,
    serviceDocuments: calendar.documents,
    ...chosen,
    slot: { start: formatWithOffset(start, location.timeZone), end: formatWithOffset(new Date(booking.end), location.timeZone) },
    slotDate,
    confirmationDeadline: deadline ? formatWithOffset(deadline, location.timeZone) : null,
    hoursUntilConfirmationDeadline: deadline ? Math.floor((deadline.getTime() - options.now.getTime()) / 3_600_000) : 0,
    requestedBy: options.actor.clientId,
    requestedAt: options.now.toISOString(),
  };
}

function citizenOf(request: CitizenRequest): Citizen {
  const citizen: Citizen = { isForeignCitizen: request.isForeignCitizen, firstName: request.firstName, lastName: request.lastName, phone: request.phone };
  if (request.isForeignCitizen) citizen.passportNumber = request.passportNumber!;
  else citizen.idnp = request.idnp!;
  if (request.email) citizen.email = request.email;
  if (request.residenceAddress) citizen.residenceAddress = request.residenceAddress;
  return citizen;
}

const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function randomCode(): string {
  return [...randomBytes(8)].map((byte) => CODE_ALPHABET[byte % 32]).join('');
}
