import type { DomainEvent } from '../../platform/decider';
import type { Language } from '../messages';
import type { Resource } from '../reference/definitions';

/** The appointment's events: the contract the notification service and other consumers build against. */
export const APPOINTMENT_REQUESTED = 'md.gov.booking.appointment.requested.v1';
export const APPOINTMENT_CONFIRMED = 'md.gov.booking.appointment.confirmed.v1';
export const APPOINTMENT_CANCELED = 'md.gov.booking.appointment.canceled.v1';

export type Citizen = {
  isForeignCitizen: boolean;
  idnp?: string;
  passportNumber?: string;
  firstName: string;
  lastName: string;
  email?: string;
  phone: string;
  residenceAddress?: string;
};

export type SlotTimes = { start: string; end: string };
export type ChosenOption = { id: string; name: Resource };

export type AppointmentRequested = {
  appointmentId: string;
  requestId: string;
  code: string;
  status: 'Waiting' | 'Scheduled';
  isEvo: boolean;
  notifyUser: boolean;
  language: Language;
  citizen: Citizen;
  organizationId: string;
  organizationName: Resource;
  organizationIdno: string;
  locationId: string;
  locationName: Resource;
  locationAddress: string;
  locationCoordinatesUrl: string;
  locationRelatedIdno: string | null;
  timeZone: string;
  calendarLocationId: string;
  calendarLocationName: Resource;
  calendarId: string;
  calendarName: Resource;
  serviceCode: string;
  serviceDescription: Resource;
  serviceDocuments: Resource;
  requestOption: ChosenOption | null;
  relatedOption: ChosenOption | null;
  /** RFC 3339 with the location's UTC offset */
  slot: SlotTimes;
  /** the local day of the slot: with locationId it names the slot ledger */
  slotDate: string;
  confirmationDeadline: string | null;
  hoursUntilConfirmationDeadline: number;
  userAccessToken: string;
  requestedBy: string;
  requestedAt: string;
};

export type AppointmentConfirmed = { appointmentId: string; confirmedBy: string; confirmedAt: string };

export type AppointmentCanceled = {
  appointmentId: string;
  reason: 'canceled' | 'expired';
  notifyUser: boolean;
  language: Language;
  citizen: { firstName: string; lastName: string; email?: string };
  /** code, organizationName and locationAddress: the citizen's e-mail names them, as on booking */
  code: string;
  organizationName: Resource;
  locationName: Resource;
  locationAddress: string;
  calendarName: Resource;
  slot: SlotTimes;
  canceledBy: string;
  canceledAt: string;
  /** where the slot was held, so the slot ledger can release it */
  locationId: string;
  slotDate: string;
};

export type AppointmentEvent =
  | DomainEvent<typeof APPOINTMENT_REQUESTED, AppointmentRequested>
  | DomainEvent<typeof APPOINTMENT_CONFIRMED, AppointmentConfirmed>
  | DomainEvent<typeof APPOINTMENT_CANCELED, AppointmentCanceled>;
