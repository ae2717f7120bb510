import type { BookingLimits } from '../slots/slot-capacity';
import type { Booking, ReleaseReason } from './events';

/** Reserve all the request's bookings of this ledger, or none. Limits come from the configuration at request time. */
export type ReserveSlots = {
  type: 'reserve';
  locationId: string;
  date: string;
  requestId: string;
  items: { booking: Booking; limits: BookingLimits }[];
};

/** Release by appointment ids, or every booking a request holds here (compensation). */
export type ReleaseSlots = {
  type: 'release';
  locationId: string;
  date: string;
  reason: ReleaseReason;
  appointmentIds?: string[];
  requestId?: string;
};

export type LedgerCommand = ReserveSlots | ReleaseSlots;
