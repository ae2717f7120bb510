/**
 * Strict validation of a CloudEvent in the JSON event format (CloudEvents 1.0, JSON format spec).
 * The cloudevents SDK fills in a missing id or specversion and accepts out-of-range offsets, which is
 * right for building events but wrong for receiving them; see docs/decisions.md.
 *
 * Returns the list of violations (empty when valid). Attributes set to null count as absent.
 */
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../platform/json-depth';

const CONTEXT_ATTRIBUTES = new Set(['specversion', 'id', 'source', 'type', 'datacontenttype', 'dataschema', 'subject', 'time']);
const EXTENSION_NAME = /^[a-z0-9]+$/;
const MEDIA_TYPE = /^[A-Za-z0-9!#$&^_.+-]+\/[A-Za-z0-9!#$&^_.+-]+(\s*;\s*[A-Za-z0-9!#$&^_.+-]+=("[^"]*"|[A-Za-z0-9!#$&^_.+-]+))*\s*$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
/**
 * What the CloudEvents type system disallows in a String: control characters, Unicode noncharacters, and
 * surrogates not used as a pair (with the u flag a proper pair is one code point, so it does not match).
 */
const DISALLOWED_IN_STRING = /[\u0000-\u001f\u007f-\u009f\ud800-\udfff\p{Noncharacter_Code_Point}]/u;
const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

export function cloudEventViolations(candidate: unknown): string[] {
  if (candidate === null || typeof candidate !== 'object' || Array.isArray(candidate)) {
    return ['an event must be a JSON object'];
  }
  const event = candidate as Record<string, unknown>;
  const violations: string[] = [];

  if (event.specversion !== '1.0') violations.push('specversion must be "1.0"');
  requireString(violations, 'id', event.id);
  requireString(violations, 'source', event.source);
  requireString(violations, 'type', event.type);
  if (typeof event.source === 'string' && event.source !== '' && !isUriReference(event.source)) {
    violations.push('source must be a URI-reference');
  }
  if (isPresent(event.subject) && (typeof event.subject !== 'string' || event.subject === '')) {
    violations.push('subject must be a non-empty string');
  }
  if (isPresent(event.datacontenttype) && (typeof event.datacontenttype !== 'string' || !MEDIA_TYPE.test(event.datacontenttype))) {
    violations.push('datacontenttype must be a media type (RFC 2046)');
  }
  if (isPresent(event.dataschema) && (typeof event.dataschema !== 'string' || !isAbsoluteUri(event.dataschema))) {
    violations.push('dataschema must be an absolute URI');
  }
  if (isPresent(event.time) && (typeof event.time !== 'string' || !isRfc3339(event.time))) {
    violations.push('time must be an RFC 3339 timestamp');
  }
  if (event.data !== undefined && event.data_base64 !== undefined) {
    violations.push('data and data_base64 must not both be present');
  }
  if (isPresent(event.data_base64) && (typeof event.data_base64 !== 'string' || !BASE64.test(event.data_base64))) {
    violations.push('data_base64 must be base64');
  }
  // the event is one level itself
  if (nestsDeeperThan(event.data, MAX_JSON_DEPTH - 1)) {
    violations.push(`data must not nest arrays or objects more than ${MAX_JSON_DEPTH - 1} levels deep`);
  }
  for (const name of Object.keys(event)) {
    if (name === 'data') continue;
    const value = event[name];
    if (typeof value === 'string' && DISALLOWED_IN_STRING.test(value)) {
      violations.push(`${name} contains a character CloudEvents does not allow in a string (a control character, a noncharacter or an unpaired surrogate)`);
    }
    if (CONTEXT_ATTRIBUTES.has(name) || name === 'data_base64') continue;
    if (!EXTENSION_NAME.test(name)) {
      violations.push(`extension attribute name "${name}" must be lower-case letters and digits`);
    } else if (value !== null && !isExtensionValue(value)) {
      violations.push(`extension attribute "${name}" must be a string, boolean or 32-bit integer`);
    }
  }
  return violations;
}

/** Read by name by the caller: a load by a key that changes from call to call is one of V8's slowest. */
function requireString(violations: string[], name: string, value: unknown): void {
  if (!isPresent(value)) violations.push(`${name} is required`);
  else if (typeof value !== 'string' || value === '') violations.push(`${name} must be a non-empty string`);
}

function isExtensionValue(value: unknown): boolean {
  if (typeof value === 'string' || typeof value === 'boolean') return true;
  return typeof value === 'number' && Number.isInteger(value) && value >= INT32_MIN && value <= INT32_MAX;
}

/** RFC 3339 date-time, e.g. 2018-04-05T17:31:00.123+01:30, with real dates (no 30 February). */
export function isRfc3339(value: string): boolean {
  if (value.length < 20 || value[4] !== '-' || value[7] !== '-' || value[13] !== ':' || value[16] !== ':') return false;
  if (value[10] !== 'T' && value[10] !== 't') return false;
  const year = digitsAt(value, 0, 4);
  const month = digitsAt(value, 5, 2);
  const day = digitsAt(value, 8, 2);
  if (year < 0 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return false;
  if (!inRange(digitsAt(value, 11, 2), 23) || !inRange(digitsAt(value, 14, 2), 59) || !inRange(digitsAt(value, 17, 2), 60)) return false;
  let at = 19;
  if (value[at] === '.') {
    const fractionStart = (at += 1);
    while (at < value.length && digitsAt(value, at, 1) >= 0) at += 1;
    if (at === fractionStart) return false;
  }
  if (value[at] === 'Z' || value[at] === 'z') return at + 1 === value.length;
  if ((value[at] !== '+' && value[at] !== '-') || value[at + 3] !== ':' || at + 6 !== value.length) return false;
  return inRange(digitsAt(value, at + 1, 2), 23) && inRange(digitsAt(value, at + 4, 2), 59);
}

/**
 * The instant of a valid RFC 3339 time (see isRfc3339), in ms since 1970, read from the digits isRfc3339
 * checked. A leap second (:60) is the second after :59 (Date.parse refuses it); digits of a second beyond
 * the millisecond are cut off, as Date.parse does.
 */
export function rfc3339Millis(value: string): number {
  let at = 19;
  let millis = 0;
  if (value[at] === '.') {
    for (at += 1; at < value.length && digitsAt(value, at, 1) >= 0; at += 1) {
      if (at <= 22) millis += digitsAt(value, at, 1) * 10 ** (22 - at);
    }
  }
  const offsetMinutes = value[at] === 'Z' || value[at] === 'z' ? 0 : (value[at] === '-' ? -1 : 1) * (digitsAt(value, at + 1, 2) * 60 + digitsAt(value, at + 4, 2));
  const [year, month, day] = [digitsAt(value, 0, 4), digitsAt(value, 5, 2), digitsAt(value, 8, 2)];
  const [hour, minute, second] = [digitsAt(value, 11, 2), digitsAt(value, 14, 2), digitsAt(value, 17, 2)];
  // Date.UTC reads the years 0-99 as 1900-1999; the Gregorian calendar repeats every 400 years
  return Date.UTC(year + 400, month - 1, day, hour, minute, second, millis) - GREGORIAN_CYCLE_MS - offsetMinutes * 60_000;
}

const GREGORIAN_CYCLE_MS = 146_097 * 86_400_000;

/** The number `count` ASCII digits at `from` write, or -1 when one of them is not a digit. */
function digitsAt(value: string, from: number, count: number): number {
  let number = 0;
  for (let index = from; index < from + count; index += 1) {
    const digit = value.charCodeAt(index) - 48;
    if (!(digit >= 0 && digit <= 9)) return -1;
    number = number * 10 + digit;
  }
  return number;
}

function inRange(number: number, max: number): boolean {
  return number >= 0 && number <= max;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

function isPresent(value: unknown): boolean {
  return value !== undefined && value !== null;
}

/**
 * The characters RFC 3986 allows in a URI-reference (unreserved, reserved, and % with two hex digits):
 * no whitespace, no characters beyond ASCII (an IRI is written percent-encoded), no lone %.
 */
const URI_REFERENCE = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?#[\]]|%[0-9A-Fa-f]{2})*$/;

function isUriReference(value: string): boolean {
  return URI_REFERENCE.test(value);
}

function isAbsoluteUri(value: string): boolean {
  return isUriReference(value) && /^[A-Za-z][A-Za-z0-9+.-]*:/.test(value);
}
