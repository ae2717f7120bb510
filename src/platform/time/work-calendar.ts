import { readProjectJson } from '../project-paths';
import { addDays, weekdayOf } from './zoned-time';

/**
 * Working days of an institution: its week (.NET's numbering, 0 = Sunday ... 6 = Saturday), its public
 * holidays, and the days off bridged between a holiday and a weekend that are worked on another day (a
 * Saturday) instead. Dates are local calendar days 'YYYY-MM-DD'. Booking's slots and every deadline the
 * services count in working days (petitions) use these functions and the country's calendar below.
 */
export type RecoverableDayOff = { dayOff: string; recovery: string };
export type WorkCalendar = { workDays: number[]; holidays: string[]; recoverableDaysOffs: RecoverableDayOff[] };

export type DayKind = { kind: 'holiday' } | { kind: 'dayOff' } | { kind: 'work'; scheduleWeekday: number };

/** A recovery day (a Saturday worked instead of a bridged day off) follows the schedule of the day it recovers. */
export function dayKind(calendar: Pick<WorkCalendar, 'holidays' | 'recoverableDaysOffs'>, date: string): DayKind {
  if (calendar.holidays.includes(date)) return { kind: 'holiday' };
  if (calendar.recoverableDaysOffs.some((pair) => pair.dayOff === date)) return { kind: 'dayOff' };
  const recovered = calendar.recoverableDaysOffs.find((pair) => pair.recovery === date);
  return { kind: 'work', scheduleWeekday: weekdayOf(recovered ? recovered.dayOff : date) };
}

export function isWorkingDay(calendar: WorkCalendar, date: string): boolean {
  const day = dayKind(calendar, date);
  return day.kind === 'work' && calendar.workDays.includes(day.scheduleWeekday);
}

/** The date itself when it is a working day, else the next working day (a term ending on a day off ends then). */
export function workingDayOnOrAfter(calendar: WorkCalendar, date: string): string {
  let day = date;
  for (let guard = 0; !isWorkingDay(calendar, day); guard += 1) {
    if (guard > 366) throw new Error(`work calendar: no working day within a year after ${date}`);
    day = addDays(day, 1);
  }
  return day;
}

/** The working day `count` working days after `date` (date itself not counted; count >= 0). */
export function addWorkingDays(calendar: WorkCalendar, date: string, count: number): string {
  let day = date;
  for (let left = count; left > 0; left -= 1) day = workingDayOnOrAfter(calendar, addDays(day, 1));
  return day;
}

type PublicHolidaysFile = { timeZone: string; holidays: string[] };
const publicHolidays = readProjectJson<PublicHolidaysFile>('src/platform/time/public-holidays.json');

/** The country's public holidays, Monday to Friday: what institutions work by unless their settings say otherwise. */
export const COUNTRY_WORK_CALENDAR: Readonly<WorkCalendar> = Object.freeze({
  workDays: [1, 2, 3, 4, 5],
  holidays: publicHolidays.holidays,
  recoverableDaysOffs: [],
});
export const COUNTRY_TIME_ZONE = publicHolidays.timeZone;
