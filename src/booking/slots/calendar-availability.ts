import { capacityRefusal, type BookingLimits, type Occupancy } from './slot-capacity';
import { bookableWindow, slotsOn, type SlotCalendar } from './slot-rules';
import { addDays } from '../../platform/time/zoned-time';

/** Occupancy of one local day at a location, every calendar-location included. */
export type DayOccupancy = Occupancy & { date: string };

export type BookedSlot = { start: string; end: string; bookedCount: number };

export type Availability = {
  bookedSlots: BookedSlot[];
  fullyBookedDays: string[];
};

/**
 * What calendars/config shows: the booked slots of this calendar-location inside the bookable window, and
 * the days of the window on which none of its future slots can take another appointment. A future slot that
 * the location's capacity closes (other services fill the location at that time) is shown as booked up to
 * its limit: the seed's BookedSlot has only a count, and a client must not offer a slot it cannot book.
 */
export function availability(
  calendar: SlotCalendar,
  calendarLocationId: string,
  limits: Omit<BookingLimits, 'perSlotLimit'>,
  occupancy: readonly DayOccupancy[],
  now: Date,
): Availability {
  const window = bookableWindow(calendar, now);
  if (!window) return { bookedSlots: [], fullyBookedDays: [] };
  const inWindow = occupancy.filter((entry) => entry.date >= window.first && entry.date <= window.last && entry.count > 0);
  const booked = new Map<string, BookedSlot>();
  for (const entry of inWindow.filter((entry) => entry.calendarLocationId === calendarLocationId)) {
    booked.set(entry.start, { start: entry.start, end: entry.end, bookedCount: entry.count });
  }

  const fullyBookedDays: string[] = [];
  for (let date = window.first; date <= window.last; date = addDays(date, 1)) {
    const sameDay = inWindow.filter((entry) => entry.date === date);
    if (sameDay.length === 0) continue;
    const open = slotsOn(calendar, date).filter((slot) => slot.start.getTime() > now.getTime());
    if (open.length === 0) continue;
    let refused = 0;
    for (const slot of open) {
      const candidate = { calendarLocationId, start: slot.start.toISOString(), end: slot.end.toISOString() };
      const refusal = capacityRefusal(sameDay, candidate, { ...limits, perSlotLimit: slot.perSlotLimit });
      if (refusal !== null) refused += 1;
      if (refusal === 'locationFull') {
        const bookedCount = Math.max(booked.get(candidate.start)?.bookedCount ?? 0, slot.perSlotLimit);
        booked.set(candidate.start, { start: candidate.start, end: candidate.end, bookedCount });
      }
    }
    if (refused === open.length) fullyBookedDays.push(date);
  }
  const bookedSlots = [...booked.values()].sort((a, b) => a.start.localeCompare(b.start));
  return { bookedSlots, fullyBookedDays };
}
