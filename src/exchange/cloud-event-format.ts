/**
 * Strict validation of a CloudEvent in the JSON event format (CloudEvents 1.0, JSON format spec).
 * The cloudevents SDK fills in a missing id or specversion and accepts out-of-range offsets, which is
 * right for building events but wrong for receiving them; see docs/decisions.md.
 *
 * Returns the list of violations (empty when valid). Attributes set to null count as absent.
 */
const CONTEXT_ATTRIBUTES = new Set(['specversion', 'id', 'source', 'type', 'datacontenttype', 'dataschema', 'subject', 'time']);
const EXTENSION_NAME = /^[a-z0-9]+$/;
const MEDIA_TYPE = /^[A-Za-z0-9!#$&^_.+-]+\/[A-Za-z0-9!#$&^_.+-]+(\s*;\s*[A-Za-z0-9!#$&^_.+-]+=("[^"]*"|[A-Za-z0-9!#$&^_.+-]+))*\s*$/;
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|([+-])(\d{2}):(\d{2}))$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

export function cloudEventViolations(candidate: unknown): string[] {
  if (candidate === null || typeof candidate !== 'object' || Array.isArray(candidate)) {
    return ['an event must be a JSON object'];
  }
  const event = candidate as Record<string, unknown>;
  const violations: string[] = [];
  const present = (name: string) => event[name] !== undefined && event[name] !== null;

  if (event.specversion !== '1.0') violations.push('specversion must be "1.0"');
  for (const name of ['id', 'source', 'type']) {
    if (!present(name)) violations.push(`${name} is required`);
    else if (typeof event[name] !== 'string' || event[name] === '') violations.push(`${name} must be a non-empty string`);
  }
  if (typeof event.source === 'string' && event.source !== '' && !isUriReference(event.source)) {
    violations.push('source must be a URI-reference');
  }
  if (present('subject') && (typeof event.subject !== 'string' || event.subject === '')) {
    violations.push('subject must be a non-empty string');
  }
  if (present('datacontenttype') && (typeof event.datacontenttype !== 'string' || !MEDIA_TYPE.test(event.datacontenttype))) {
    violations.push('datacontenttype must be a media type (RFC 2046)');
  }
  if (present('dataschema') && (typeof event.dataschema !== 'string' || !isAbsoluteUri(event.dataschema))) {
    violations.push('dataschema must be an absolute URI');
  }
  if (present('time') && (typeof event.time !== 'string' || !isRfc3339(event.time))) {
    violations.push('time must be an RFC 3339 timestamp');
  }
  if (event.data !== undefined && event.data_base64 !== undefined) {
    violations.push('data and data_base64 must not both be present');
  }
  if (present('data_base64') && (typeof event.data_base64 !== 'string' || !BASE64.test(event.data_base64))) {
    violations.push('data_base64 must be base64');
  }
  for (const [name, value] of Object.entries(event)) {
    if (CONTEXT_ATTRIBUTES.has(name) || name === 'data' || name === 'data_base64') continue;
    if (!EXTENSION_NAME.test(name)) {
      violations.push(`extension attribute name "${name}" must be lower-case letters and digits`);
    } else if (value !== null && !isExtensionValue(value)) {
      violations.push(`extension attribute "${name}" must be a string, boolean or 32-bit integer`);
    }
  }
  return violations;
}

function isExtensionValue(value: unknown): boolean {
  if (typeof value === 'string' || typeof value === 'boolean') return true;
  return typeof value === 'number' && Number.isInteger(value) && value >= INT32_MIN && value <= INT32_MAX;
}

export function isRfc3339(value: string): boolean {
  const match = RFC3339.exec(value);
  if (!match) return false;
  const [, year, month, day, hour, minute, second, , , , offsetHour, offsetMinute] = match;
  const daysInMonth = new Date(Date.UTC(Number(year), Number(month), 0)).getUTCDate();
  return (
    Number(month) >= 1 &&
    Number(month) <= 12 &&
    Number(day) >= 1 &&
    Number(day) <= daysInMonth &&
    Number(hour) <= 23 &&
    Number(minute) <= 59 &&
    Number(second) <= 60 &&
    (offsetHour === undefined || (Number(offsetHour) <= 23 && Number(offsetMinute) <= 59))
  );
}

function isUriReference(value: string): boolean {
  // RFC 3986 allows no whitespace or control characters in any URI-reference
  return !/[\s\u0000-\u001f\u007f]/.test(value);
}

function isAbsoluteUri(value: string): boolean {
  return isUriReference(value) && /^[A-Za-z][A-Za-z0-9+.-]*:/.test(value);
}
