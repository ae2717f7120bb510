import type { Projection } from '../../src/platform/projections/projection';
import { APPOINTMENT_REQUESTED, type AppointmentRequested } from '../../src/booking/appointment/events';
import { SLOTS_RELEASED, SLOTS_RESERVED, type SlotsReleased, type SlotsReserved } from '../../src/booking/ledger/events';
import {
  REQUEST_ABANDONED,
  REQUEST_ACCEPTED,
  REQUEST_RECEIVED,
  REQUEST_REFUSED,
  type RequestReceived,
} from '../../src/booking/request/events';
import { BOOKING_STREAMS } from '../../src/booking/service';
import { hasFields, isBookingEvent } from './event-guards';

export const BOOKING_REQUESTS = 'booking_requests';

/**
 * Booking requests still in flight, for the recovery that finishes or abandons a request whose process
 * stopped half way: received but never decided, accepted with appointments not all written yet, or
 * abandoned while still holding slots (a stalled request may reserve a ledger after it was abandoned).
 */
export type RequestDocument = {
  _id: string;
  status: 'received' | 'accepted' | 'refused' | 'abandoned';
  receivedAt: string;
  decidedAt: string | null;
  /** appointments of an accepted request not yet written */
  pendingAppointments: number;
  /** ledgers in which the request holds slots it reserved (as a request, not released by one) */
  heldLedgers: number;
};

export const requestsProjection: Projection = {
  name: 'booking-requests',
  streamPrefix: BOOKING_STREAMS,
  // 2: heldLedgers counted (a read model built by version 1 lacks it, and abandoned holds would hide)
  version: 2,
  eventTypes: [REQUEST_RECEIVED, REQUEST_ACCEPTED, REQUEST_REFUSED, REQUEST_ABANDONED, APPOINTMENT_REQUESTED, SLOTS_RESERVED, SLOTS_RELEASED],
  collections: [BOOKING_REQUESTS],
  indexes: [{ collection: BOOKING_REQUESTS, keys: { status: 1, receivedAt: 1 } }],
  async apply(stored, session) {
    const required = stored.event.type === REQUEST_RECEIVED ? ['requestId', 'receivedAt', 'appointments'] : ['requestId'];
    if (!isBookingEvent(stored) || !hasFields(stored.event.data, ...required)) return;
    const requests = session.collection<RequestDocument>(BOOKING_REQUESTS);
    const data = stored.event.data as { requestId: string };
    const decidedAt = new Date(stored.event.time).toISOString();
    switch (stored.event.type) {
      case REQUEST_RECEIVED: {
        const received = stored.event.data as RequestReceived;
        const document: RequestDocument = {
          _id: received.requestId,
          status: 'received',
          receivedAt: new Date(received.receivedAt).toISOString(),
          decidedAt: null,
          pendingAppointments: received.appointments.length,
          heldLedgers: 0,
        };
        await requests.replaceOne({ _id: received.requestId }, document, { upsert: true });
        return;
      }
      case REQUEST_ACCEPTED:
        await requests.updateOne({ _id: data.requestId }, { $set: { status: 'accepted', decidedAt } });
        return;
      case REQUEST_REFUSED:
        await requests.updateOne({ _id: data.requestId }, { $set: { status: 'refused', decidedAt, pendingAppointments: 0 } });
        return;
      case REQUEST_ABANDONED:
        await requests.updateOne({ _id: data.requestId }, { $set: { status: 'abandoned', decidedAt, pendingAppointments: 0 } });
        return;
      case APPOINTMENT_REQUESTED:
        await requests.updateOne({ _id: (stored.event.data as AppointmentRequested).requestId }, { $inc: { pendingAppointments: -1 } });
        return;
      case SLOTS_RESERVED:
        await requests.updateOne({ _id: (stored.event.data as SlotsReserved).requestId }, { $inc: { heldLedgers: 1 } });
        return;
      case SLOTS_RELEASED:
        // a request's compensation releases all it held in the ledger; a cancellation (requestId null) was skipped above
        await requests.updateOne({ _id: (stored.event.data as SlotsReleased).requestId! }, { $inc: { heldLedgers: -1 } });
        return;
    }
  },
};
