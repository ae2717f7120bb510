/**
 * Wall-clock time in a named time zone (Europe/Chisinau by default), through Intl so that summer time
 * follows the tz database. Dates are local calendar days 'YYYY-MM-DD'; minutes count from local midnight.
 */
export const DEFAULT_TIME_ZONE = 'Europe/Chisinau';

export type LocalParts = { date: string; minutes: number; weekday: number; offsetMinutes: number };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The local date, minute of day, weekday (0 = Sunday, as .NET's DayOfWeek) and UTC offset of an instant. */
export function localParts(instant: Date, timeZone: string): LocalParts {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  const minutes = Number(parts.hour) * 60 + Number(parts.minute);
  const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  const offsetMinutes = Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
  return { date, minutes, weekday: weekdayOf(date), offsetMinutes };
}

/** The instant at which the local clock shows `minutes` after midnight of `date`. */
export function instantAt(date: string, minutes: number, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  const wall = Date.UTC(year, month - 1, day, 0, minutes);
  let guess = wall - localParts(new Date(wall), timeZone).offsetMinutes * 60_000;
  // a second pass settles guesses that crossed a summer-time change
  guess = wall - localParts(new Date(guess), timeZone).offsetMinutes * 60_000;
  return new Date(guess);
}

/** RFC 3339 with the zone's offset at that instant: 2026-01-15T09:30:00+02:00 */
export function formatWithOffset(instant: Date, timeZone: string): string {
  const { offsetMinutes } = localParts(instant, timeZone);
  const local = new Date(instant.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const absolute = Math.abs(offsetMinutes);
  return `${local}${sign}${pad(Math.floor(absolute / 60))}:${pad(absolute % 60)}`;
}

export function weekdayOf(date: string): number {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** 'HH:mm' or 'HH:mm:ss' to minutes after midnight ('24:00' is the end of the day). */
export function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

export function timeOf(minutes: number): string {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}
