import { emptyFieldErrors } from '../../platform/errors';
import { readEventTime } from './event-time';

export { clippedForLog } from '../../platform/legal-events';

/**
 * The seed's rules for one logged event, as a pure function: event_time and event_type mandatory,
 * event_time in the seed's syntax, names starting with _ or @ reserved, every string at most 32766
 * UTF-8 bytes, nested objects allowed, arrays for multi-valued fields. Returns problems by JSON pointer.
 */
export const MAX_STRING_BYTES = 32766;

export type LogFields = Record<string, unknown>;

export function checkLogEvent(candidate: unknown, pointer: string): Record<string, string[]> {
  const problems = emptyFieldErrors();
  const report = (path: string, message: string) => (problems[path] ??= []).push(message);
  if (candidate === null || typeof candidate !== 'object' || Array.isArray(candidate)) {
    report(pointer || '/', 'an event must be a JSON object');
    return problems;
  }
  const fields = candidate as LogFields;
  for (const name of ['event_time', 'event_type']) {
    if (fields[name] === undefined) report(`${pointer}/${name}`, 'is required');
    else if (typeof fields[name] !== 'string' || fields[name] === '') report(`${pointer}/${name}`, 'must be one non-empty string');
  }
  if (typeof fields.event_time === 'string' && fields.event_time !== '') {
    const reading = readEventTime(fields.event_time);
    if ('problem' in reading) report(`${pointer}/event_time`, reading.problem);
  }
  if (typeof fields.event_type === 'string' && isPersonalDataType(fields.event_type) && !PERSONAL_DATA_TYPE.test(fields.event_type)) {
    report(`${pointer}/event_type`, 'a personal-data event type must have the form <SystemPrefix>.PersonalData.<Action>');
  }
  checkObject(fields, pointer, report, 0);
  return problems;
}

const MAX_DEPTH = 16;
/** with the u flag a proper pair is one code point, so only a lone half matches: it has no UTF-8 form (nor a BSON one) */
const UNPAIRED_SURROGATE = /[\ud800-\udfff]/u;
const UNPAIRED_SURROGATE_PROBLEM = 'must not hold an unpaired surrogate (\\ud800-\\udfff alone has no UTF-8 form)';
const PERSONAL_DATA_TYPE = /^\S+\.PersonalData\.[^.\s]+$/;

/** Special events (seed): an event_type containing PersonalData. */
export function isPersonalDataType(eventType: string): boolean {
  return eventType.includes('PersonalData');
}

/** The data subjects a `subject` field names: one value or several. */
export const subjectValuesOf = (subject: unknown): unknown[] => ([] as unknown[]).concat(subject ?? []);

/** How the special index keys a data subject: a text as it is, a nested object as its JSON. */
export const subjectKeyOf = (subject: unknown): string => (typeof subject === 'string' ? subject : JSON.stringify(subject));

function checkObject(object: LogFields, pointer: string, report: (path: string, message: string) => void, depth: number) {
  if (depth > MAX_DEPTH) return report(pointer, `objects may be nested at most ${MAX_DEPTH} levels deep`);
  for (const [name, value] of Object.entries(object)) {
    const path = `${pointer}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    if (name === '') report(path, 'field names must not be empty');
    else if (name.startsWith('_') || name.startsWith('@')) report(path, 'names starting with _ or @ are reserved');
    else if (name.includes('.') || name.startsWith('$')) report(path, 'names must not contain "." or start with "$": nested fields are queried by dotted names');
    // MongoDB (BSON) cannot store a name holding NUL: the event would be logged and never indexed
    else if (/[\u0000-\u001f\u007f]/.test(name)) report(path, 'names must not contain control characters');
    else if (UNPAIRED_SURROGATE.test(name)) report(path, UNPAIRED_SURROGATE_PROBLEM);
    if (Buffer.byteLength(name, 'utf8') > MAX_STRING_BYTES) report(path, `names are at most ${MAX_STRING_BYTES} bytes`);
    if (Array.isArray(value)) value.forEach((item, index) => checkValue(item, `${path}/${index}`, report, depth, false));
    else checkValue(value, path, report, depth, true);
  }
}

function checkValue(value: unknown, path: string, report: (path: string, message: string) => void, depth: number, arrayAllowed: boolean) {
  if (typeof value === 'string') {
    if (Buffer.byteLength(value, 'utf8') > MAX_STRING_BYTES) report(path, `strings are at most ${MAX_STRING_BYTES} bytes (UTF-8)`);
    if (UNPAIRED_SURROGATE.test(value)) report(path, UNPAIRED_SURROGATE_PROBLEM);
  } else if (typeof value === 'number') {
    if (!Number.isFinite(value)) report(path, 'must be a finite number');
  } else if (typeof value === 'boolean') {
    // registered as a string like every other scalar
  } else if (Array.isArray(value)) {
    if (!arrayAllowed) report(path, 'arrays hold the values of one multi-valued field and cannot be nested');
  } else if (value !== null && typeof value === 'object') {
    checkObject(value as LogFields, path, report, depth + 1);
  } else {
    report(path, 'must be a string, number, boolean, object or an array of them (null is not a value)');
  }
}

/** The index form of a field: every scalar becomes a string (seed: "registered as a string"). */
export function toIndexedValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toIndexedValue);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as LogFields).map(([name, inner]) => [name, toIndexedValue(inner)]));
  }
  return String(value);
}

/**
 * A name a search filter may use: letters, digits and _, dotted for nested fields; every step starts with
 * a letter or _ (a step of digits would be an array index in MongoDB and a key in SQLite). At most 200
 * characters: a query string carries no longer ones, and a term repeats its name for every value.
 */
const SEARCHABLE_NAME = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;
export const MAX_SEARCHABLE_NAME_LENGTH = 200;
export const isSearchableName = (name: string) => name.length <= MAX_SEARCHABLE_NAME_LENGTH && SEARCHABLE_NAME.test(name);

/**
 * The `name=value` pairs a search filter can name, one for every scalar of the fields whose name a
 * filter can use (isSearchableName): nested names dotted, and the elements of a list under the list's
 * own name (`tag=red`, also `parties.idno=...` for a list of objects), as MongoDB reads a dotted path
 * through arrays. Kept with each entry, so one query finds them in both stores (SQLite's json_extract
 * does not walk into lists). A name no filter can use (`=` in it, say, or 32 KB long) is not indexed, so
 * a term can never be read two ways and a long name is not repeated once per value.
 */
export function searchTermsOf(fields: LogFields): string[] {
  const terms = new Set<string>();
  const collect = (value: unknown, name: string) => {
    if (Array.isArray(value)) for (const element of value) collect(element, name);
    else if (value !== null && typeof value === 'object') {
      for (const [inner, innerValue] of Object.entries(value as LogFields)) {
        const path = name === '' ? inner : `${name}.${inner}`;
        if (isSearchableName(path)) collect(innerValue, path);
      }
    } else terms.add(`${name}=${String(value)}`);
  };
  collect(fields, '');
  return [...terms];
}
