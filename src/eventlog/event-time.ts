/**
 * The seed's event_time syntax: YYYY-MM-dd[THH:mm:ss[.SSS][Z|+-HH[mm]]]. The offset may be written
 * +HHmm or +HH:mm (the public guides' own examples use the colon). A time without an offset is read
 * as UTC. Returns the instant as an ISO-8601 UTC string (what read models compare), or null.
 */
const EVENT_TIME =
  /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(?:T([01]\d|2[0-3]):([0-5]\d):([0-5]\d)(?:\.(\d{3}))?(Z|([+-])([01]\d|2[0-3])(?::?([0-5]\d))?)?)?$/;

export function parseEventTime(text: string): string | null {
  const match = EVENT_TIME.exec(text);
  if (!match) return null;
  const [, year, month, day, hour = '00', minute = '00', second = '00', millis = '000', zone, sign, offsetHours, offsetMinutes = '00'] = match;
  const local = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second), Number(millis));
  const date = new Date(local);
  // the syntax allows day 31 in any month; a day the calendar does not have is refused
  if (date.getUTCDate() !== Number(day) || date.getUTCMonth() !== Number(month) - 1) return null;
  const offsetMs = zone && zone !== 'Z' ? (sign === '-' ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes)) * 60_000 : 0;
  return new Date(local - offsetMs).toISOString();
}
