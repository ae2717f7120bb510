/** A value of the request the document store cannot take (400, naming the field). */
export class InvalidInputError extends Error {
  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super(`${field} ${reason}`);
    this.name = 'InvalidInputError';
  }
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,7})?)?(Z|[+-]\d{2}:\d{2})?$/i;

/**
 * A date-time as the official client (.NET DateTime) and the guide's samples write it: RFC 3339, or
 * without an offset ("2023-11-01T00:00:00"), which is read as UTC. The instant in ISO-8601 UTC (what the
 * read models compare as text); a date the calendar lacks, or a year before 1900, is refused.
 */
export function instantOf(text: string, field: string): string {
  const match = DATE_TIME.exec(text);
  if (!match) throw new InvalidInputError(field, 'must be a date-time such as 2026-12-31T23:59:59Z (no offset: UTC)');
  const [, year, month, day, hour, minute, second = '00', fraction = '', zone = 'Z'] = match;
  const millis = fraction ? fraction.slice(1, 4).padEnd(3, '0') : '000';
  const instant = Date.parse(`${year}-${month}-${day}T${hour}:${minute}:${second}.${millis}${zone.toUpperCase()}`);
  const local = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (Number.isNaN(instant) || local.getUTCDate() !== Number(day) || Number(year) < 1900 || Number(hour) > 23 || Number(second) > 59) {
    throw new InvalidInputError(field, 'must be a date-time that exists (years 1900-9999)');
  }
  const iso = new Date(instant).toISOString();
  if (!/^\d{4}-/.test(iso)) throw new InvalidInputError(field, 'must fall within the years 1900-9999');
  return iso;
}

/** An optional date-time: undefined stays undefined, null stays null. */
export function optionalInstant(text: string | null | undefined, field: string): string | null | undefined {
  return typeof text === 'string' ? instantOf(text, field) : text;
}
