import { dayKind, type RecoverableDayOff } from '../../platform/time/work-calendar';
import { addDays, instantAt, localParts, minutesOf } from '../../platform/time/zoned-time';

/**
 * Where a service can be booked: pure functions over a calendar-location's configuration. Days are local
 * calendar days in the configuration's time zone; work days use .NET's numbering (0 = Sunday ... 6 = Saturday).
 */
export type WorkInterval = { id: string; start: string; end: string; appointmentsPerSlotLimit: number; workDays: number[] };

export type SlotCalendar = {
  timeZone: string;
  /** minutes per slot */
  slotDuration: number;
  intervals: WorkInterval[];
  holidays: string[];
  recoverableDaysOffs: RecoverableDayOff[];
  /** first and last bookable local dates, when the service is offered only for a period */
  startDate: string | null;
  endDate: string | null;
  /** how many days ahead of today can be booked */
  activeDays: number;
};

export type Slot = { start: Date; end: Date; date: string; intervalId: string; perSlotLimit: number };

export type SlotRefusal = 'slotInPast' | 'slotOutsideWindow' | 'slotOnHoliday' | 'slotOnDayOff' | 'slotNotWorkDay' | 'slotNotOnGrid';

/** The local dates that can be booked now, or null when none can. */
export function bookableWindow(calendar: SlotCalendar, now: Date): { first: string; last: string } | null {
  const today = localParts(now, calendar.timeZone).date;
  const first = calendar.startDate && calendar.startDate > today ? calendar.startDate : today;
  const ahead = addDays(today, calendar.activeDays);
  const last = calendar.endDate && calendar.endDate < ahead ? calendar.endDate : ahead;
  return first <= last ? { first, last } : null;
}

export function intervalsOn(calendar: SlotCalendar, date: string): WorkInterval[] {
  const day = dayKind(calendar, date);
  if (day.kind !== 'work') return [];
  return calendar.intervals.filter((interval) => interval.workDays.includes(day.scheduleWeekday));
}

export function slotsOn(calendar: SlotCalendar, date: string): Slot[] {
  const slots: Slot[] = [];
  for (const interval of intervalsOn(calendar, date)) {
    const end = minutesOf(interval.end);
    for (let minute = minutesOf(interval.start); minute + calendar.slotDuration <= end; minute += calendar.slotDuration) {
      const slot = slotAt(calendar, date, minute, interval);
      // a wall-clock time skipped when clocks go forward has no instant of its own: it would repeat the next one
      if (localParts(slot.start, calendar.timeZone).minutes === minute) slots.push(slot);
    }
  }
  return slots.sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** The slot that starts exactly at `start`, or why there is none. */
export function locateSlot(calendar: SlotCalendar, start: Date, now: Date): { slot: Slot } | { refusal: SlotRefusal } {
  if (start.getTime() <= now.getTime()) return { refusal: 'slotInPast' };
  const local = localParts(start, calendar.timeZone);
  const window = bookableWindow(calendar, now);
  if (!window || local.date < window.first || local.date > window.last) return { refusal: 'slotOutsideWindow' };
  const day = dayKind(calendar, local.date);
  if (day.kind === 'holiday') return { refusal: 'slotOnHoliday' };
  if (day.kind === 'dayOff') return { refusal: 'slotOnDayOff' };
  const intervals = intervalsOn(calendar, local.date);
  if (intervals.length === 0) return { refusal: 'slotNotWorkDay' };
  if (start.getTime() % 60_000 !== 0) return { refusal: 'slotNotOnGrid' };
  const interval = intervals.find((candidate) => {
    const from = minutesOf(candidate.start);
    return local.minutes >= from && local.minutes + calendar.slotDuration <= minutesOf(candidate.end) && (local.minutes - from) % calendar.slotDuration === 0;
  });
  if (!interval) return { refusal: 'slotNotOnGrid' };
  const slot = slotAt(calendar, local.date, local.minutes, interval);
  // when clocks go back a wall-clock time comes twice; the slot is the one instant the listings offer
  return slot.start.getTime() === start.getTime() ? { slot } : { refusal: 'slotNotOnGrid' };
}

function slotAt(calendar: SlotCalendar, date: string, minute: number, interval: WorkInterval): Slot {
  const start = instantAt(date, minute, calendar.timeZone);
  return {
    start,
    end: new Date(start.getTime() + calendar.slotDuration * 60_000),
    date,
    intervalId: interval.id,
    perSlotLimit: interval.appointmentsPerSlotLimit,
  };
}
