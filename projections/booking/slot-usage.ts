import type { Projection } from '../../src/platform/projections/projection';
import { SLOTS_RELEASED, SLOTS_RESERVED, type SlotsReleased, type SlotsReserved } from '../../src/booking/ledger/events';
import { BOOKING_STREAMS } from '../../src/booking/service';
import { isBookingEvent } from './event-guards';

export const SLOT_USAGE = 'booking_slot_usage';

/** How many appointments each slot of each calendar-location holds, from the slot ledgers. */
export type SlotUsageDocument = {
  _id: string;
  locationId: string;
  calendarLocationId: string;
  date: string;
  start: string;
  end: string;
  count: number;
};

export const slotUsageProjection: Projection = {
  name: 'booking-slot-usage',
  streamPrefix: BOOKING_STREAMS,
  eventTypes: [SLOTS_RESERVED, SLOTS_RELEASED],
  collections: [SLOT_USAGE],
  indexes: [{ collection: SLOT_USAGE, keys: { locationId: 1, date: 1 } }],
  async apply(stored, session) {
    if (!isBookingEvent(stored) || !Array.isArray((stored.event.data as { bookings?: unknown }).bookings)) return;
    const data = stored.event.data as SlotsReserved | SlotsReleased;
    const step = stored.event.type === SLOTS_RESERVED ? 1 : -1;
    const usage = session.collection<SlotUsageDocument>(SLOT_USAGE);
    for (const booking of data.bookings) {
      await usage.updateOne(
        { _id: `${booking.calendarLocationId}|${booking.start}` },
        {
          $inc: { count: step },
          $setOnInsert: { locationId: data.locationId, calendarLocationId: booking.calendarLocationId, date: data.date, start: booking.start, end: booking.end },
        },
        { upsert: true },
      );
    }
  },
};
