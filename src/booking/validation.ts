import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ErrorObject, type SchemaValidateFunction, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { schemasDir } from '../platform/project-paths';
import type { Language, MessageKey } from './messages';
import { validationProblem, type FieldError } from './problems';
import { isBeforeFirstYear, isLeapSecond, isRepresentableDateTime } from '../platform/time/date-time-input';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/**
 * The booking schemas (schemas/booking/*.json) compiled twice: for JSON bodies (defaults filled in) and for
 * query strings (values coerced from text). Ajv's errors become field errors in the caller's language; a
 * schema names a specific message with "x-message" next to the keyword it explains.
 */
function createAjv(coerceTypes: boolean): Ajv {
  const ajv = addFormats(new Ajv({ allErrors: true, strict: false, verbose: true, useDefaults: true, coerceTypes }));
  narrowDateFormats(ajv);
  addCanonicalUuids(ajv);
  const dir = join(schemasDir, 'booking');
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) ajv.addSchema(markUuids(JSON.parse(readFileSync(join(dir, file), 'utf8'))));
  return ajv;
}

const CANONICAL_UUID = 'x-canonical-uuid';
const UUID_TEXT = /^(?:urn:uuid:)?([0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12})$/i;

/**
 * The one spelling of a uuid, or null for text that is none: lower case, without the urn:uuid: prefix that
 * the uuid format also accepts. Ids are compared exactly in the read models, while .NET reads a Guid in any
 * letter case, so every uuid is brought to this spelling where it comes in.
 */
export function canonicalUuid(text: string): string | null {
  const match = UUID_TEXT.exec(text);
  return match ? match[1].toLowerCase() : null;
}

/** A keyword that rewrites a valid uuid in its canonical spelling, in place (Ajv's formats only check). */
function addCanonicalUuids(ajv: Ajv): void {
  const rewrite: SchemaValidateFunction = (_enabled, data, _schema, place) => {
    const canonical = typeof data === 'string' ? canonicalUuid(data) : null;
    if (canonical !== null && place?.parentData) place.parentData[place.parentDataProperty] = canonical;
    return true;
  };
  ajv.addKeyword({ keyword: CANONICAL_UUID, modifying: true, errors: false, validate: rewrite });
}

/** Every "format": "uuid" of the schemas gets the keyword, so that no uuid field can be left out. */
function markUuids<T>(node: T): T {
  if (Array.isArray(node)) node.forEach(markUuids);
  else if (node !== null && typeof node === 'object') {
    const schema = node as Record<string, unknown>;
    if (schema.format === 'uuid') schema[CANONICAL_UUID] = true;
    Object.values(schema).forEach(markUuids);
  }
  return node;
}

/**
 * A date-time must also be one a JavaScript Date can hold, so that no Invalid Date reaches the handlers;
 * dates and date-times start in FIRST_YEAR.
 */
function narrowDateFormats(ajv: Ajv): void {
  const rfc3339 = ajv.formats['date-time'] as { validate: (text: string) => boolean };
  ajv.addFormat('date-time', { type: 'string', validate: (text: string) => rfc3339.validate(text) && isRepresentableDateTime(text) && !isBeforeFirstYear(text) });
  const fullDate = ajv.formats.date as { validate: (text: string) => boolean };
  ajv.addFormat('date', { type: 'string', validate: (text: string) => fullDate.validate(text) && !isBeforeFirstYear(text) });
}

const bodyAjv = createAjv(false);
const queryAjv = createAjv(true);

function compiled(ajv: Ajv, schemaId: string): ValidateFunction {
  const validate = ajv.getSchema(`https://egov-platform.local/schemas/booking/${schemaId}.json`);
  if (!validate) throw new Error(`unknown booking schema: ${schemaId}`);
  return validate;
}

export function validateBody<T>(schemaId: string, body: unknown, language: Language): T {
  const validate = compiled(bodyAjv, schemaId);
  if (!validate(body)) throw validationProblem(language, toFieldErrors(validate.errors, bodyPath));
  return body as T;
}

/**
 * Query parameter names match case-insensitively, and so do the booleans' values ('True', 'false'), as the
 * seed's .NET service binds them; a repeated parameter is refused, also when spelled in another case.
 * Numbers are decimal digits: Ajv's coercion would also take '0x10', '1e1' or ' 10' (JavaScript's Number).
 */
export function validateQuery<T>(schemaId: string, query: Record<string, unknown>, language: Language): T {
  const validate = compiled(queryAjv, schemaId);
  const properties = (validate.schema as { properties?: Record<string, { type?: unknown }> }).properties ?? {};
  const names = Object.keys(properties);
  const values: Record<string, unknown> = {};
  const given = new Set<string>();
  const refused: FieldError[] = [];
  for (const [spelled, value] of Object.entries(query)) {
    const name = names.find((candidate) => candidate.toLowerCase() === spelled.toLowerCase());
    if (!name) continue;
    const type = properties[name].type;
    if (typeof value !== 'string' || given.has(name)) refused.push({ field: name, key: 'repeatedParameter' });
    else if (value !== '' && (type === 'integer' || type === 'number') && !DECIMAL[type].test(value)) refused.push({ field: name, key: 'type', params: { expected: type } });
    else if (value !== '') values[name] = type === 'boolean' ? lowerCaseBoolean(value) : restorePlus(value);
    given.add(name);
  }
  if (refused.length) throw validationProblem(language, refused);
  if (!validate(values)) throw validationProblem(language, toFieldErrors(validate.errors, (path) => path.replace(/^\//, '')));
  return values as T;
}

const DECIMAL = { integer: /^-?\d+$/, number: /^-?\d+(\.\d+)?$/ };

/** Ajv coerces only 'true' and 'false' to booleans. */
function lowerCaseBoolean(value: string): string {
  return /^(true|false)$/i.test(value) ? value.toLowerCase() : value;
}

/** An unencoded '+' of a UTC offset arrives as a space: '2026-01-15T09:30:00 02:00' means +02:00. */
function restorePlus(value: string): string {
  return /T\d\d:\d\d(:\d\d(\.\d+)?)? \d\d:\d\d$/.test(value) ? value.replace(/ (\d\d:\d\d)$/, '+$1') : value;
}

/** '/0/services/1/start' -> '[0].services[1].start' */
function bodyPath(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part}`))
    .join('')
    .replace(/^\./, '');
}

const FORMAT_MESSAGES: Record<string, MessageKey> = { email: 'email', uuid: 'uuid', 'date-time': 'dateTime', date: 'date' };

function formatMessage(format: string, value: unknown): MessageKey {
  if (format === 'date-time' && typeof value === 'string' && isLeapSecond(value)) return 'leapSecond';
  if ((format === 'date-time' || format === 'date') && typeof value === 'string' && isBeforeFirstYear(value)) return 'beforeFirstYear';
  return FORMAT_MESSAGES[format] ?? 'pattern';
}

function toFieldErrors(errors: ErrorObject[] | null | undefined, toField: (pointer: string) => string): FieldError[] {
  const result: FieldError[] = [];
  for (const error of errors ?? []) {
    const parent = (error.parentSchema ?? {}) as Record<string, unknown>;
    const custom = parent['x-message'] as MessageKey | undefined;
    const params = error.params as Record<string, unknown>;
    const at = (child?: string) => toField(child === undefined ? error.instancePath : `${error.instancePath}/${child}`) || child || '$';
    switch (error.keyword) {
      case 'required':
        result.push({ field: at(String(params.missingProperty)), key: custom ?? 'required' });
        break;
      case 'additionalProperties':
        result.push({ field: at(String(params.additionalProperty)), key: 'unknownField' });
        break;
      case 'type':
        result.push({ field: at(), key: custom ?? 'type', params: { expected: String(params.type).replace(',null', '') } });
        break;
      case 'minLength':
      case 'maxLength':
        result.push({ field: at(), ...lengthMessage(parent, custom) });
        break;
      case 'minimum':
      case 'maximum':
        result.push({ field: at(), ...rangeMessage(parent) });
        break;
      case 'pattern':
        result.push({ field: at(), key: custom ?? 'pattern' });
        break;
      case 'format':
        result.push({ field: at(), key: custom ?? formatMessage(String(params.format), error.data) });
        break;
      case 'enum':
        result.push({ field: at(), key: 'enum', params: { values: (params.allowedValues as unknown[]).join(', ') } });
        break;
      case 'minItems':
        result.push({ field: at(), key: 'minItems', params: { min: Number(params.limit) } });
        break;
      case 'maxItems':
        result.push({ field: at(), key: 'maxItems', params: { max: Number(params.limit) } });
        break;
      case 'if':
      case 'allOf':
      case 'anyOf':
      case 'oneOf':
        break; // the failing branch reports the real reason
      default:
        result.push({ field: at(), key: 'pattern' });
    }
  }
  return result;
}

function lengthMessage(schema: Record<string, unknown>, custom?: MessageKey): Omit<FieldError, 'field'> {
  if (custom) return { key: custom };
  const min = schema.minLength as number | undefined;
  const max = schema.maxLength as number | undefined;
  if (min !== undefined && max !== undefined) return { key: 'lengthBetween', params: { min, max } };
  return min !== undefined ? { key: 'minLength', params: { min } } : { key: 'maxLength', params: { max: max ?? 0 } };
}

function rangeMessage(schema: Record<string, unknown>): Omit<FieldError, 'field'> {
  const min = schema.minimum as number | undefined;
  const max = schema.maximum as number | undefined;
  if (min !== undefined && max !== undefined) return { key: 'range', params: { min, max } };
  return min !== undefined ? { key: 'minimum', params: { min } } : { key: 'maximum', params: { max: max ?? 0 } };
}
