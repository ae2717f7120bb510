import type { Projection } from '../../src/platform/projections/projection';
import type { DocumentSession } from '../../src/platform/document-store/document-store';
import { AppointmentStatus } from '../../src/booking/appointment/status';
import {
  APPOINTMENT_CANCELED,
  APPOINTMENT_CONFIRMED,
  APPOINTMENT_REQUESTED,
  type AppointmentCanceled,
  type AppointmentConfirmed,
  type AppointmentRequested,
} from '../../src/booking/appointment/events';
import { SLOTS_RELEASED, type SlotsReleased } from '../../src/booking/ledger/events';
import { BOOKING_STREAMS } from '../../src/booking/service';
import { hasFields, isBookingEvent } from './event-guards';

const REQUIRED: Record<string, string[]> = {
  [APPOINTMENT_REQUESTED]: ['appointmentId', 'citizen', 'slot.start', 'slot.end'],
  [APPOINTMENT_CONFIRMED]: ['appointmentId'],
  [APPOINTMENT_CANCELED]: ['appointmentId'],
  [SLOTS_RELEASED]: ['bookings'],
};

export const APPOINTMENTS = 'booking_appointments';

/** One document per appointment: what the v2 lists show, and what the expiry scheduler looks for. */
export type AppointmentDocument = Omit<AppointmentRequested, 'status' | 'slot' | 'confirmationDeadline' | 'appointmentId'> & {
  _id: string;
  status: number;
  userIdentifier: string;
  /** UTC ISO strings, so that they compare as text */
  slotStart: string;
  slotEnd: string;
  confirmationDeadline: string | null;
  confirmedAt: string | null;
  canceledAt: string | null;
  cancelReason: string | null;
  /** the slot ledger has let the slot go again (set for canceled appointments) */
  slotReleased: boolean;
};

export const appointmentsProjection: Projection = {
  name: 'booking-appointments',
  streamPrefix: BOOKING_STREAMS,
  eventTypes: [APPOINTMENT_REQUESTED, APPOINTMENT_CONFIRMED, APPOINTMENT_CANCELED, SLOTS_RELEASED],
  collections: [APPOINTMENTS],
  indexes: [
    { collection: APPOINTMENTS, keys: { userIdentifier: 1 } },
    { collection: APPOINTMENTS, keys: { locationId: 1 } },
    { collection: APPOINTMENTS, keys: { calendarLocationId: 1 } },
    { collection: APPOINTMENTS, keys: { organizationIdno: 1 } },
    { collection: APPOINTMENTS, keys: { status: 1, confirmationDeadline: 1 } },
    { collection: APPOINTMENTS, keys: { slotStart: 1 } },
  ],
  async apply(stored, session) {
    if (!isBookingEvent(stored) || !hasFields(stored.event.data, ...REQUIRED[stored.event.type])) return;
    const appointments = session.collection<AppointmentDocument>(APPOINTMENTS);
    switch (stored.event.type) {
      case APPOINTMENT_REQUESTED:
        await appointments.replaceOne({ _id: (stored.event.data as AppointmentRequested).appointmentId }, toDocument(stored.event.data as AppointmentRequested), { upsert: true });
        return;
      case APPOINTMENT_CONFIRMED: {
        const data = stored.event.data as AppointmentConfirmed;
        await appointments.updateOne({ _id: data.appointmentId }, { $set: { status: AppointmentStatus.Scheduled, confirmedAt: utc(data.confirmedAt) } });
        return;
      }
      case APPOINTMENT_CANCELED: {
        const data = stored.event.data as AppointmentCanceled;
        await appointments.updateOne(
          { _id: data.appointmentId },
          { $set: { status: AppointmentStatus.Canceled, canceledAt: utc(data.canceledAt), cancelReason: data.reason, canceledBy: data.canceledBy } },
        );
        return;
      }
      case SLOTS_RELEASED:
        await markReleased(session, stored.event.data as SlotsReleased);
        return;
    }
  },
};

async function markReleased(session: DocumentSession, data: SlotsReleased) {
  const appointments = session.collection<AppointmentDocument>(APPOINTMENTS);
  for (const booking of data.bookings) await appointments.updateOne({ _id: booking.appointmentId }, { $set: { slotReleased: true } });
}

function toDocument(data: AppointmentRequested): AppointmentDocument {
  const { appointmentId, status, slot, confirmationDeadline, ...rest } = data;
  return {
    ...rest,
    _id: appointmentId,
    status: status === 'Scheduled' ? AppointmentStatus.Scheduled : AppointmentStatus.Waiting,
    userIdentifier: (data.citizen.isForeignCitizen ? data.citizen.passportNumber : data.citizen.idnp) ?? '',
    slotStart: utc(slot.start),
    slotEnd: utc(slot.end),
    confirmationDeadline: confirmationDeadline ? utc(confirmationDeadline) : null,
    confirmedAt: null,
    canceledAt: null,
    cancelReason: null,
    slotReleased: false,
  };
}

function utc(instant: string): string {
  return new Date(instant).toISOString();
}
