import { randomBytes } from 'node:crypto';
import type { Actor } from '../appointment/commands';
import type { AppointmentRequested, Citizen } from '../appointment/events';
import type { Booking } from '../ledger/events';
import type { Language } from '../messages';
import { formatWithOffset } from '../../platform/time/zoned-time';
import type { CitizenRequest } from './booking-plan';
import type { ResolvedService } from './service-resolver';

const DEFAULT_CONFIRMATION_HOURS = 24;

/** An appointment before it belongs to a request and has its person's token. */
export type ServiceDraft = Omit<AppointmentRequested, 'requestId' | 'userAccessToken'>;

/** Everything the appointment.requested event says about one booked service, names and times included. */
export function appointmentDraft(
  resolved: ResolvedService,
  citizen: CitizenRequest,
  booking: Booking,
  slotDate: string,
  chosen: Pick<AppointmentRequested, 'requestOption' | 'relatedOption'>,
  options: { actor: Actor; language: Language; now: Date },
): ServiceDraft {
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
