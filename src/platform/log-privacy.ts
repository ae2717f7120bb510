/**
 * What keeps personal data out of the technical log (the platform conventions: no IDNP, names or payloads
 * in technical logs). Log lines name routes, not the paths callers sent, and as the last line of defence
 * every run of exactly 13 digits (an IDNP or IDNO) in a line is masked before it is written.
 */
const PERSONAL_NUMBER = /(?<!\d)\d{13}(?!\d)/g;
export const PERSONAL_NUMBER_MASK = '#############';

export function maskPersonalNumbers(line: string): string {
  return line.replace(PERSONAL_NUMBER, PERSONAL_NUMBER_MASK);
}

/** A path segment that reads as a fixed word of an API (letters, hyphens, dots, at most 40), not a value. */
const LITERAL_SEGMENT = /^[A-Za-z][A-Za-z._-]{0,39}$/;

/**
 * The path a log line names: the matched route's template (`/api/v2/appointments/:appointmentId/confirm`),
 * or, for a path no route matched, the path with every segment that could hold a caller's value (digits,
 * an id, an e-mail address, anything long or unusual) written `:value`.
 */
export function pathForLog(path: string, template?: string): string {
  if (template) return template;
  return path
    .split('/')
    .map((segment) => (segment === '' || LITERAL_SEGMENT.test(segment) ? segment : ':value'))
    .join('/');
}
