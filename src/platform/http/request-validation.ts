import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ErrorObject, type SchemaValidateFunction, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { schemasDir } from '../project-paths';
import { isBeforeFirstYear, isLeapSecond, isRepresentableDateTime } from '../time/date-time-input';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/**
 * One request validator for every service: the JSON Schemas of `schemas/<service>/*.json` (each with the $id
 * `https://egov-platform.local/schemas/<service>/<file>`), compiled by one Ajv. It answers in structure, not
 * in words: a RequestValidationError lists FieldErrors (where, which rule, its parameters), and each
 * service's problems.ts words them in its own languages and spelling of field paths.
 *
 * Beyond JSON Schema: "x-message" next to a keyword names the service's message for it (the FieldError's
 * key); a valid uuid is rewritten in its canonical spelling; a date-time must also be one a JavaScript
 * Date can hold, and dates start in FIRST_YEAR.
 */
export type FieldError = {
  /** members and array indexes from the top of the value: ['services', 1, 'start'] */
  path: (string | number)[];
  /** the rule broken: the schema's x-message, or one of VALIDATION_KEYS */
  key: string;
  params?: Record<string, string | number>;
  /** Ajv's own English wording, for services that answer with it */
  message: string;
};

export const VALIDATION_KEYS = [
  'required',
  'unknownField',
  'repeatedParameter',
  'repeatedMember',
  'type',
  'lengthBetween',
  'minLength',
  'maxLength',
  'range',
  'minimum',
  'maximum',
  'pattern',
  'email',
  'uuid',
  'dateTime',
  'date',
  'leapSecond',
  'beforeFirstYear',
  'enum',
  'minItems',
  'maxItems',
] as const;

export class RequestValidationError extends Error {
  constructor(readonly fieldErrors: FieldError[]) {
    super(`invalid request: ${fieldErrors.map((error) => `${error.path.join('.') || '$'} ${error.message}`).join('; ')}`);
    this.name = 'RequestValidationError';
  }
}

const SCHEMA_BASE = 'https://egov-platform.local/schemas';
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

let shared: Ajv | null = null;
const loadedServices = new Set<string>();

function ajv(): Ajv {
  if (shared) return shared;
  shared = addFormats(new Ajv({ allErrors: true, strict: false, verbose: true, useDefaults: true }));
  narrowDateFormats(shared);
  addCanonicalUuids(shared);
  return shared;
}

/** Loads schemas/<service>/ into the shared Ajv once. */
function loadService(service: string): Ajv {
  const instance = ajv();
  if (loadedServices.has(service)) return instance;
  const dir = join(schemasDir, service);
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) throw new Error(`no request schemas for service ${service} (${dir})`);
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
    instance.addSchema(markUuids(JSON.parse(readFileSync(join(dir, file), 'utf8'))));
  }
  loadedServices.add(service);
  return instance;
}

/** A valid uuid in its canonical spelling, in place (Ajv's formats only check). */
function addCanonicalUuids(instance: Ajv): void {
  const rewrite: SchemaValidateFunction = (_enabled, data, _schema, place) => {
    const canonical = typeof data === 'string' ? canonicalUuid(data) : null;
    if (canonical !== null && place?.parentData) place.parentData[place.parentDataProperty] = canonical;
    return true;
  };
  instance.addKeyword({ keyword: CANONICAL_UUID, modifying: true, errors: false, validate: rewrite });
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

function narrowDateFormats(instance: Ajv): void {
  const rfc3339 = instance.formats['date-time'] as { validate: (text: string) => boolean };
  instance.addFormat('date-time', { type: 'string', validate: (text: string) => rfc3339.validate(text) && isRepresentableDateTime(text) && !isBeforeFirstYear(text) });
  const fullDate = instance.formats.date as { validate: (text: string) => boolean };
  instance.addFormat('date', { type: 'string', validate: (text: string) => fullDate.validate(text) && !isBeforeFirstYear(text) });
}

type SchemaNode = { properties?: Record<string, SchemaNode>; items?: SchemaNode; $ref?: string; definitions?: Record<string, SchemaNode>; type?: unknown };

/** The validators of one service's request schemas, by file name ('appointment-request.json' or 'appointment-request'). */
export class RequestSchemas {
  private constructor(private readonly service: string) {}

  static of(service: string): RequestSchemas {
    loadService(service);
    return new RequestSchemas(service);
  }

  private compiled(file: string): ValidateFunction {
    const id = `${SCHEMA_BASE}/${this.service}/${file.endsWith('.json') ? file : `${file}.json`}`;
    const validate = loadService(this.service).getSchema(id);
    if (!validate) throw new Error(`unknown request schema ${id}`);
    return validate;
  }

  /**
   * A JSON body (or an object of query strings taken as they are). With membersInAnyCase, member names are
   * first matched to the schema's spelling regardless of letter case (ASP.NET binds both PascalCase and
   * camelCase); two members of one name in different case are refused.
   */
  value<T>(file: string, value: unknown, options: { membersInAnyCase?: boolean } = {}): T {
    const validate = this.compiled(file);
    const schema = validate.schema as SchemaNode;
    const candidate = options.membersInAnyCase ? canonicalMembers(value, schema, schema, []) : value;
    if (!validate(candidate)) throw new RequestValidationError(toFieldErrors(validate.errors));
    return candidate as T;
  }

  /**
   * Query parameters as a .NET service binds them: names and boolean values in any letter case, numbers in
   * decimal digits only (JavaScript's Number would also take '0x10', '1e1' or ' 10'), an empty value taken
   * as absent, a repeated parameter refused (also when spelled in another case); names the schema does not
   * list are ignored.
   */
  query<T>(file: string, query: Record<string, unknown>): T {
    const validate = this.compiled(file);
    const properties = (validate.schema as SchemaNode).properties ?? {};
    const names = Object.keys(properties);
    const values: Record<string, unknown> = {};
    const given = new Set<string>();
    const refused: FieldError[] = [];
    for (const [spelled, value] of Object.entries(query)) {
      const name = names.find((candidate) => candidate.toLowerCase() === spelled.toLowerCase());
      if (!name) continue;
      const type = properties[name].type;
      if (typeof value !== 'string' || given.has(name)) refused.push({ path: [name], key: 'repeatedParameter', message: 'is given more than once' });
      else if (value !== '' && (type === 'integer' || type === 'number') && !DECIMAL[type].test(value)) {
        refused.push({ path: [name], key: 'type', params: { expected: type }, message: `must be ${type}` });
      } else if (value !== '') values[name] = typedQueryValue(value, type);
      given.add(name);
    }
    if (refused.length) throw new RequestValidationError(refused);
    if (!validate(values)) throw new RequestValidationError(toFieldErrors(validate.errors));
    return values as T;
  }
}

const DECIMAL = { integer: /^-?\d+$/, number: /^-?\d+(\.\d+)?$/ };

function typedQueryValue(value: string, type: unknown): unknown {
  if (type === 'integer' || type === 'number') return Number(value);
  if (type === 'boolean' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  // an unencoded '+' of a UTC offset arrives as a space: '2026-01-15T09:30:00 02:00' means +02:00
  if (/T\d\d:\d\d(:\d\d(\.\d+)?)? \d\d:\d\d$/.test(value)) return value.replace(/ (\d\d:\d\d)$/, '+$1');
  return value;
}

/** The value with its members named as the schema spells them. */
function canonicalMembers(value: unknown, node: SchemaNode, root: SchemaNode, path: (string | number)[]): unknown {
  const resolved = node.$ref ? (root.definitions?.[node.$ref.replace('#/definitions/', '')] ?? node) : node;
  if (Array.isArray(value)) return resolved.items ? value.map((item, index) => canonicalMembers(item, resolved.items!, root, [...path, index])) : value;
  if (value === null || typeof value !== 'object' || !resolved.properties) return value;
  const byLowerCase = new Map(Object.keys(resolved.properties).map((name) => [name.toLowerCase(), name]));
  const members = Object.entries(value).map(([name, inner]) => {
    const canonical = byLowerCase.get(name.toLowerCase()) ?? name;
    const child = resolved.properties![canonical];
    return [canonical, child ? canonicalMembers(inner, child, root, [...path, canonical]) : inner] as const;
  });
  const twice = members.map(([name]) => name).find((name, index, names) => names.indexOf(name) !== index);
  if (twice !== undefined) throw new RequestValidationError([{ path: [...path, twice], key: 'repeatedMember', message: 'is given more than once' }]);
  return Object.fromEntries(members);
}

const FORMAT_KEYS: Record<string, string> = { email: 'email', uuid: 'uuid', 'date-time': 'dateTime', date: 'date' };

function formatKey(format: string, value: unknown): string {
  if (format === 'date-time' && typeof value === 'string' && isLeapSecond(value)) return 'leapSecond';
  if ((format === 'date-time' || format === 'date') && typeof value === 'string' && isBeforeFirstYear(value)) return 'beforeFirstYear';
  return FORMAT_KEYS[format] ?? 'pattern';
}

function pointerPath(pointer: string): (string | number)[] {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

function toFieldErrors(errors: ErrorObject[] | null | undefined): FieldError[] {
  const result: FieldError[] = [];
  for (const error of errors ?? []) {
    const parent = (error.parentSchema ?? {}) as Record<string, unknown>;
    const custom = parent['x-message'] as string | undefined;
    const params = error.params as Record<string, unknown>;
    const path = pointerPath(error.instancePath);
    const message = error.message ?? 'is invalid';
    const push = (key: string, extra: Partial<FieldError> = {}) => result.push({ path, key, message, ...extra });
    switch (error.keyword) {
      case 'required':
        push(custom ?? 'required', { path: [...path, String(params.missingProperty)] });
        break;
      case 'additionalProperties':
        push('unknownField', { path: [...path, String(params.additionalProperty)] });
        break;
      case 'type':
        push(custom ?? 'type', { params: { expected: String(params.type).replace(',null', '') } });
        break;
      case 'minLength':
      case 'maxLength':
        push(custom ?? lengthKey(parent), { params: limits(parent, 'minLength', 'maxLength') });
        break;
      case 'minimum':
      case 'maximum':
        push(rangeKey(parent), { params: limits(parent, 'minimum', 'maximum') });
        break;
      case 'pattern':
        push(custom ?? 'pattern');
        break;
      case 'format':
        push(custom ?? formatKey(String(params.format), error.data));
        break;
      case 'enum':
        push('enum', { params: { values: (params.allowedValues as unknown[]).join(', ') } });
        break;
      case 'minItems':
        push('minItems', { params: { min: Number(params.limit) } });
        break;
      case 'maxItems':
        push('maxItems', { params: { max: Number(params.limit) } });
        break;
      case 'if':
      case 'allOf':
      case 'anyOf':
      case 'oneOf':
        break; // the failing branch reports the real reason
      default:
        push(custom ?? 'pattern');
    }
  }
  return result;
}

function lengthKey(schema: Record<string, unknown>): string {
  if (schema.minLength !== undefined && schema.maxLength !== undefined) return 'lengthBetween';
  return schema.minLength !== undefined ? 'minLength' : 'maxLength';
}

function rangeKey(schema: Record<string, unknown>): string {
  if (schema.minimum !== undefined && schema.maximum !== undefined) return 'range';
  return schema.minimum !== undefined ? 'minimum' : 'maximum';
}

function limits(schema: Record<string, unknown>, lower: string, upper: string): Record<string, number> {
  const min = schema[lower] as number | undefined;
  const max = schema[upper] as number | undefined;
  return { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
}

/** '[0].services[1].start': a path as booking's .NET-style messages name fields */
export function bracketPath(path: (string | number)[]): string {
  return path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${part}`)).join('').replace(/^\./, '');
}

/** 'Recipients.0.Value' */
export function dottedPath(path: (string | number)[]): string {
  return path.join('.');
}
