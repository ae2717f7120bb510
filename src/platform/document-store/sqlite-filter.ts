import type { Filter, SortSpec } from './document-store';

/**
 * Translates the supported subset of MongoDB filters into a SQLite WHERE clause over JSON documents.
 * Field paths become json_extract(doc, '$.a.b'), which is what the expression indexes are built on,
 * so equality and range filters on indexed fields use the index.
 */
export type SqlFragment = { sql: string; params: unknown[] };

const COMPARISONS: Record<string, string> = { $eq: '=', $ne: '!=', $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' };

export function jsonPath(field: string): string {
  // a numeric part ("tags.0") is an array index or a key in MongoDB, but only a key in SQLite: refused
  if (!/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/.test(field)) throw new Error(`unsupported field path: ${field}`);
  return `json_extract(doc, '$.${field}')`;
}

export function toSqlValue(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return value;
}

export function filterToSql(filter: Filter): SqlFragment {
  const parts: string[] = [];
  const params: unknown[] = [];
  for (const [key, condition] of Object.entries(filter)) {
    const fragment = key === '$and' || key === '$or' ? logical(key, condition) : fieldCondition(key, condition);
    parts.push(fragment.sql);
    params.push(...fragment.params);
  }
  return { sql: parts.length ? parts.map((part) => `(${part})`).join(' AND ') : '1', params };
}

function logical(operator: '$and' | '$or', clauses: unknown): SqlFragment {
  if (!Array.isArray(clauses) || clauses.length === 0) throw new Error(`${operator} needs a non-empty array`);
  const fragments = clauses.map((clause) => filterToSql(clause as Filter));
  return {
    sql: fragments.map((fragment) => `(${fragment.sql})`).join(operator === '$and' ? ' AND ' : ' OR '),
    params: fragments.flatMap((fragment) => fragment.params),
  };
}

/**
 * A field's value and its JSON type. json_extract gives true as 1 and an array as its JSON text, so a
 * comparison also checks the type, as MongoDB compares values of one type only: {flag: true} does not
 * match 1, {age: {$gt: 18}} does not match "abc". _id is always text.
 */
type Field = { value: string; type: string | null };

function fieldCondition(field: string, condition: unknown): SqlFragment {
  const column: Field = field === '_id' ? { value: 'id', type: null } : { value: jsonPath(field), type: `json_type(doc, '$.${field}')` };
  if (!isOperatorObject(condition)) return equality(column, condition);
  const parts: string[] = [];
  const params: unknown[] = [];
  const add = (fragment: SqlFragment) => {
    parts.push(fragment.sql);
    params.push(...fragment.params);
  };
  for (const [operator, operand] of Object.entries(condition as Record<string, unknown>)) {
    if (operator === '$eq') add(equality(column, operand));
    else if (operator === '$ne') add(negated(equality(column, operand)));
    else if (operator in COMPARISONS) add(typed(column, [operand], `${column.value} ${COMPARISONS[operator]} ?`, [toSqlValue(operand)]));
    else if (operator === '$in') add(membership(column, operand as unknown[]));
    else if (operator === '$nin') add(negated(membership(column, operand as unknown[])));
    else if (operator === '$exists') parts.push(`json_type(doc, '$.${field}') IS ${operand ? 'NOT NULL' : 'NULL'}`);
    else if (operator === '$elemMatch') {
      const inner = operand as Record<string, unknown>;
      const values = '$in' in inner ? (inner.$in as unknown[]) : [inner.$eq];
      const element = typed({ value: 'value', type: 'type' }, values, `value IN (${values.map(() => '?').join(',')})`, values.map(toSqlValue));
      add({ sql: `EXISTS (SELECT 1 FROM json_each(doc, '$.${field}') WHERE ${element.sql})`, params: element.params });
    } else throw new Error(`unsupported filter operator: ${operator}`);
  }
  return { sql: parts.join(' AND '), params };
}

/** null matches a missing field too, as in MongoDB */
function equality(column: Field, value: unknown): SqlFragment {
  if (value === null || value === undefined) return { sql: `${column.value} IS NULL`, params: [] };
  return typed(column, [value], `${column.value} = ?`, [toSqlValue(value)]);
}

/** One IN list per kind of value: true and 1 are both 1 to SQLite, so they cannot share one. */
function membership(column: Field, values: unknown[]): SqlFragment {
  const byKind = new Map<string, unknown[]>();
  for (const value of values) {
    const kind = value === null || value === undefined ? 'null' : jsonTypesOf(value).join();
    byKind.set(kind, [...(byKind.get(kind) ?? []), value]);
  }
  const alternatives: SqlFragment[] = [...byKind].map(([kind, ofKind]) =>
    kind === 'null' ? { sql: `${column.value} IS NULL`, params: [] } : typed(column, ofKind, `${column.value} IN (${ofKind.map(() => '?').join(',')})`, ofKind.map(toSqlValue)),
  );
  if (alternatives.length === 0) return { sql: '0', params: [] };
  return { sql: alternatives.map((fragment) => `(${fragment.sql})`).join(' OR '), params: alternatives.flatMap((fragment) => fragment.params) };
}

/** MongoDB's $ne and $nin also match documents that lack the field. */
function negated(fragment: SqlFragment): SqlFragment {
  return { sql: `NOT coalesce((${fragment.sql}), 0)`, params: fragment.params };
}

function typed(column: Field, operands: unknown[], comparison: string, params: unknown[]): SqlFragment {
  if (column.type === null) return { sql: comparison, params };
  const types = [...new Set(operands.flatMap(jsonTypesOf))];
  return { sql: `${comparison} AND ${column.type} IN (${types.map((type) => `'${type}'`).join(',')})`, params };
}

function jsonTypesOf(value: unknown): string[] {
  if (typeof value === 'boolean') return [value ? 'true' : 'false'];
  if (typeof value === 'number') return ['integer', 'real'];
  if (typeof value === 'string' || value instanceof Date) return ['text'];
  return ['array', 'object'];
}

function isOperatorObject(value: unknown): boolean {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.keys(value as object).length > 0 &&
    Object.keys(value as object).every((key) => key.startsWith('$'))
  );
}

export function sortToSql(sort: SortSpec | undefined): string {
  if (!sort || Object.keys(sort).length === 0) return 'ORDER BY id';
  const terms = Object.entries(sort).map(
    ([field, direction]) => `${field === '_id' ? 'id' : jsonPath(field)} ${direction === -1 ? 'DESC' : 'ASC'}`,
  );
  return `ORDER BY ${terms.join(', ')}, id`;
}
