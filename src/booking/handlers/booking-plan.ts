import { randomUUID } from 'node:crypto';
import type { Actor } from '../appointment/commands';
import type { Booking } from '../ledger/events';
import type { Language } from '../messages';
import { ruleProblem, validationProblem, type FieldMessage } from '../problems';
import type { BookingLimits } from '../slots/slot-capacity';
import { locateSlot } from '../slots/slot-rules';
import { toPersonStreamId } from '../person/stream';
import type { BookingContext } from './booking-context';
import { appointmentDraft, type ServiceDraft } from './appointment-draft';
import { serviceResolver } from './service-resolver';

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
  requested: ServiceDraft;
  booking: Booking;
  limits: BookingLimits;
};

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
  const errors: FieldMessage[] = [];
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
      const booking = {
        appointmentId: randomUUID(),
        calendarLocationId: service.calendarLocationId,
        start: located.slot.start.toISOString(),
        end: located.slot.end.toISOString(),
        person: toPersonStreamId(userIdentifier),
      };
      const limits = { perSlotLimit: located.slot.perSlotLimit, locationCapacity: resolved.location.capacity, dailyLimit: resolved.calendarLocation.appointmentsLimit };
      const requested = appointmentDraft(resolved, citizen, booking, located.slot.date, { requestOption, relatedOption }, options);
      planned.push({ userIdentifier, field: `${field}.start`, requested, booking, limits });
    }
  }
  if (errors.length) throw validationProblem(options.language, errors);
  return planned;
}

function optionOf(options: { id: string; name: object }[], id: string | null | undefined, field: string, errors: FieldMessage[]) {
  if (!id) return null;
  const option = options.find((candidate) => candidate.id === id);
  if (!option) errors.push({ field, key: 'optionNotFound', params: { id } });
  return option ?? null;
}
