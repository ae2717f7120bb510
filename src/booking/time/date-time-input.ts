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
