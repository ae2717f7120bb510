/**
 * The seed's event_time syntax: YYYY-MM-dd[THH:mm:ss[.SSS][Z|+-HH[mm]]]. The offset may be written
 * +HHmm or +HH:mm (the public guides' own examples use the colon). A time without an offset is read
 * as UTC. The instant is an ISO-8601 UTC string (what read models compare, as text).
 */
const EVENT_TIME =
  /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(?:T([01]\d|2[0-3]):([0-5]\d):([0-5]\d)(?:\.(\d{3}))?(Z|([+-])([01]\d|2[0-3])(?::?([0-5]\d))?)?)?$/;

export const EVENT_TIME_SYNTAX = 'YYYY-MM-dd[THH:mm:ss[.SSS][Z|+-HH[mm]]]';

/** The instant a text names, or what is wrong with it, said so that it can follow the field's name. */
export type EventTimeReading = { instant: string } | { problem: string };

export function readEventTime(text: string): EventTimeReading {
  const match = EVENT_TIME.exec(text);
  if (!match) return { problem: `must follow the event_time syntax ${EVENT_TIME_SYNTAX}` };
  const [, year, month, day, hour = '00', minute = '00', second = '00', millis = '000', zone, sign, offsetHours, offsetMinutes = '00'] = match;
  const local = new Date(Date.UTC(2000, 0, 1, Number(hour), Number(minute), Number(second), Number(millis)));
  // Date.UTC reads the years 0-99 as 1900-1999; setUTCFullYear takes every year as written
  local.setUTCFullYear(Number(year), Number(month) - 1, Number(day));
  // the syntax allows day 31 in any month; a day the calendar does not have is refused
  if (local.getUTCDate() !== Number(day) || local.getUTCMonth() !== Number(month) - 1) return { problem: 'must be a date that exists in the calendar' };
  const offsetMs = zone && zone !== 'Z' ? (sign === '-' ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes)) * 60_000 : 0;
  const instant = new Date(local.getTime() - offsetMs);
  // outside 0000-9999 the ISO string gets a sign and six year digits, and would sort out of time order
  if (instant.getUTCFullYear() < 0 || instant.getUTCFullYear() > 9999) return { problem: 'must fall within the years 0000-9999 once converted to UTC' };
  return { instant: instant.toISOString() };
}

/** The instant, or null when the text is not a usable event_time. */
export function parseEventTime(text: string): string | null {
  const reading = readEventTime(text);
  return 'instant' in reading ? reading.instant : null;
}
