import { capacityRefusal, type BookingLimits, type Occupancy } from './slot-capacity';
import { bookableWindow, slotsOn, type SlotCalendar } from './slot-rules';
import { addDays } from '../time/zoned-time';

/** Occupancy of one local day at a location, every calendar-location included. */
export type DayOccupancy = Occupancy & { date: string };

export type Availability = {
  bookedSlots: { start: string; end: string; bookedCount: number }[];
  fullyBookedDays: string[];
};

/**
 * What calendars/config shows: the booked slots of this calendar-location inside the bookable window, and
 * the days of the window on which none of its future slots can take another appointment.
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
  const bookedSlots = inWindow
    .filter((entry) => entry.calendarLocationId === calendarLocationId)
    .sort((a, b) => a.start.localeCompare(b.start))
    .map((entry) => ({ start: entry.start, end: entry.end, bookedCount: entry.count }));

  const fullyBookedDays: string[] = [];
  for (let date = window.first; date <= window.last; date = addDays(date, 1)) {
    const sameDay = inWindow.filter((entry) => entry.date === date);
    if (sameDay.length === 0) continue;
    const open = slotsOn(calendar, date).filter((slot) => slot.start.getTime() > now.getTime());
    if (open.length === 0) continue;
    const full = open.every(
      (slot) =>
        capacityRefusal(
          sameDay,
          { calendarLocationId, start: slot.start.toISOString(), end: slot.end.toISOString() },
          { ...limits, perSlotLimit: slot.perSlotLimit },
        ) !== null,
    );
    if (full) fullyBookedDays.push(date);
  }
  return { bookedSlots, fullyBookedDays };
}
