import type { JsonSchema } from './api-description';

/** Where a $ref (relative to the schema's base URI) now points: '#/components/schemas/<Name>...'. */
export type RefResolver = (ref: string, base: string) => string;

/**
 * The dialect a schema is converted to: OpenAPI 3.1's (JSON Schema 2020-12), or AsyncAPI's default schema
 * format (a superset of draft 07).
 */
export type Dialect = '2020-12' | 'draft-07';

/** Keywords of the request validator's own, which mean nothing to a reader of the description. */
const INTERNAL_KEYWORDS = new Set(['x-message', 'x-canonical-uuid']);
/** Keywords whose place is taken by the document's components. */
const DROPPED_KEYWORDS = new Set(['$schema', '$id', 'definitions', '$defs']);
const SCHEMA_MAPS = new Set(['properties', 'patternProperties']);
const SCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf']);
const SUBSCHEMAS = new Set(['additionalProperties', 'contains', 'propertyNames', 'not', 'if', 'then', 'else', 'unevaluatedProperties', 'unevaluatedItems']);

/**
 * A JSON Schema (draft 07, or 2020-12 for the event schemas) in a document's dialect: $refs resolved to
 * components, definitions left to the components, tuples and dependencies spelled as the dialect spells
 * them (draft 07: `items` as a list, `additionalItems`, `dependencies`; 2020-12: `prefixItems`, `items`,
 * `dependentRequired` and `dependentSchemas`). Data (default, const, enum, examples) is copied as it is.
 */
export function convertSchema(schema: JsonSchema, base: string, resolve: RefResolver, dialect: Dialect): JsonSchema {
  const converted: JsonSchema = {};
  const sub = (node: unknown): unknown => (typeof node === 'boolean' ? node : convertSchema(node as JsonSchema, base, resolve, dialect));
  for (const [keyword, value] of Object.entries(schema)) {
    if (INTERNAL_KEYWORDS.has(keyword) || DROPPED_KEYWORDS.has(keyword)) continue;
    if (keyword === '$ref') converted.$ref = resolve(String(value), base);
    else if (SCHEMA_MAPS.has(keyword)) converted[keyword] = mapValues(value, sub);
    else if (SCHEMA_LISTS.has(keyword)) converted[keyword] = (value as unknown[]).map(sub);
    else if (SUBSCHEMAS.has(keyword)) converted[keyword] = sub(value);
    else if (['items', 'additionalItems', 'prefixItems'].includes(keyword)) Object.assign(converted, tupleKeyword(schema, keyword, value, sub, dialect));
    else if (['dependencies', 'dependentRequired', 'dependentSchemas'].includes(keyword)) mergeDependencies(converted, value as Record<string, unknown>, sub, dialect);
    else converted[keyword] = value;
  }
  return converted;
}

/** items, additionalItems and prefixItems in the dialect's spelling. */
function tupleKeyword(schema: JsonSchema, keyword: string, value: unknown, sub: (node: unknown) => unknown, dialect: Dialect): JsonSchema {
  const tuple = Array.isArray(value) ? value.map(sub) : undefined;
  if (dialect === '2020-12') {
    if (keyword === 'items') return tuple ? { prefixItems: tuple } : { items: sub(value) };
    if (keyword === 'prefixItems') return { prefixItems: tuple };
    // without a tuple, additionalItems means nothing in draft 07
    return Array.isArray(schema.items) ? { items: sub(value) } : {};
  }
  if (keyword === 'prefixItems') return { items: tuple };
  if (keyword === 'items') return tuple ? { items: tuple } : schema.prefixItems ? { additionalItems: sub(value) } : { items: sub(value) };
  return { additionalItems: sub(value) };
}

function mergeDependencies(converted: JsonSchema, value: Record<string, unknown>, sub: (node: unknown) => unknown, dialect: Dialect): void {
  const entries = Object.entries(value);
  const names = entries.filter(([, node]) => Array.isArray(node));
  const schemas = entries.filter(([, node]) => !Array.isArray(node)).map(([name, node]) => [name, sub(node)] as const);
  const add = (target: string, pairs: readonly (readonly [string, unknown])[]) => {
    if (pairs.length > 0) converted[target] = { ...((converted[target] as object) ?? {}), ...Object.fromEntries(pairs) };
  };
  if (dialect === 'draft-07') add('dependencies', [...names, ...schemas]);
  else {
    add('dependentRequired', names);
    add('dependentSchemas', schemas);
  }
}

function mapValues(value: unknown, convert: (node: unknown) => unknown): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([name, node]) => [name, convert(node)]));
}
