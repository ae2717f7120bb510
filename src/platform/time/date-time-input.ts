/**
 * Date-times from clients. The schemas' date-time format (ajv-formats) admits a leap second, 23:59:60 UTC in
 * any offset, as RFC 3339 does, and an offset without minutes ('+02'); a JavaScript Date holds neither:
 * both parse to an Invalid Date, on which toISOString and Intl throw. Booking refuses them.
 */

/** Whether the seconds of a date-time are 60: '2026-12-31T23:59:60Z', '2027-01-01T01:59:60.5+02:00'. */
export function isLeapSecond(dateTime: string): boolean {
  return /[T\s]\d\d:\d\d:60(\.\d+)?(Z|[+-]|$)/i.test(dateTime);
}

/** Whether `new Date(dateTime)` is a real instant rather than an Invalid Date. */
export function isRepresentableDateTime(dateTime: string): boolean {
  return !Number.isNaN(Date.parse(dateTime));
}

/**
 * Booking's dates start in 1900. Its calendar arithmetic is wrong before that: Date.UTC reads the years
 * 0-99 as 1900-1999, and Intl writes years below 1000 without padding (year 0 as 1 BC).
 */
export const FIRST_YEAR = 1900;

/** Whether a date or date-time is written with a year before FIRST_YEAR. */
export function isBeforeFirstYear(dateOrDateTime: string): boolean {
  return /^\d{4}-/.test(dateOrDateTime) && Number(dateOrDateTime.slice(0, 4)) < FIRST_YEAR;
}
