import type { Filter, SortSpec } from './document-store';

/**
 * Translates the supported subset of MongoDB filters into a SQLite WHERE clause over JSON documents.
 * Field paths become json_extract(doc, '$.a.b'), which is what the expression indexes are built on,
 * so equality and range filters on indexed fields use the index.
 */
export type SqlFragment = { sql: string; params: unknown[] };

const COMPARISONS: Record<string, string> = { $eq: '=', $ne: '!=', $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' };
const COMPARING: Record<string, Comparing> = { $gt: 'above', $gte: 'above', $lt: 'below', $lte: 'below' };

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
 * A field's value and its JSON type. json_extract gives true as 1 and an array as its JSON text, and SQLite
 * sorts every number below every text, so a comparison may also need to check the type: MongoDB compares
 * values of one type only ({flag: true} does not match 1, {age: {$gt: 18}} does not match "abc"). Checking
 * json_type walks the document again for every row compared, so it is added only where another type could
 * match (typeGuard); typeIsCheap for json_each, whose type column is there already. _id is always text.
 */
type Field = { value: string; type: string | null; typeIsCheap?: boolean };
type Comparing = 'equal' | 'above' | 'below';

function fieldCondition(field: string, condition: unknown): SqlFragment {
  const column: Field = field === '_id' ? { value: 'id', type: null } : { value: jsonPath(field), type: `json_type(doc, '$.${field}')` };
  if (!isOperatorObject(condition)) return equality(column, condition);
  const parts: string[] = [];
  const params: unknown[] = [];
  const add = (fragment: SqlFragment) => {
    parts.push(fragment.sql);
    params.push(...fragment.params);
  };
  const operators = Object.entries(condition as Record<string, unknown>);
  // a text lower bound already keeps numbers and booleans out (they sort below every text): a range needs no guard
  const hasTextLowerBound = operators.some(([operator, operand]) => COMPARING[operator] === 'above' && isText(operand));
  for (const [operator, operand] of operators) {
    if (operator === '$eq') add(equality(column, operand));
    else if (operator === '$ne') add(negated(equality(column, operand)));
    else if (operator in COMPARISONS) {
      const comparing = hasTextLowerBound && isText(operand) ? 'above' : COMPARING[operator];
      add(typed(column, [operand], `${column.value} ${COMPARISONS[operator]} ?`, [toSqlValue(operand)], comparing));
    } else if (operator === '$in') add(membership(column, operand as unknown[]));
    else if (operator === '$nin') add(negated(membership(column, operand as unknown[])));
    else if (operator === '$exists') parts.push(`json_type(doc, '$.${field}') IS ${operand ? 'NOT NULL' : 'NULL'}`);
    else if (operator === '$elemMatch') {
      const inner = operand as Record<string, unknown>;
      const values = '$in' in inner ? (inner.$in as unknown[]) : [inner.$eq];
      const element = membership({ value: 'value', type: 'type', typeIsCheap: true }, values);
      // json_each also walks an object's members, or yields a single value itself; MongoDB matches arrays only
      add({ sql: `(json_type(doc, '$.${field}') = 'array' AND EXISTS (SELECT 1 FROM json_each(doc, '$.${field}') WHERE ${element.sql}))`, params: element.params });
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

function typed(column: Field, operands: unknown[], comparison: string, params: unknown[], comparing: Comparing = 'equal'): SqlFragment {
  const guard = typeGuard(column, operands, comparing);
  return { sql: guard ? `${comparison} AND ${guard}` : comparison, params };
}

function typeGuard(column: Field, operands: unknown[], comparing: Comparing): string | null {
  if (column.type === null) return null;
  if (!column.typeIsCheap && !operands.some((operand) => mayMatchAnotherType(operand, comparing))) return null;
  // below a text, only numbers and booleans can slip in: typeof, on the value already extracted, is enough
  if (!column.typeIsCheap && comparing === 'below' && operands.every(isText)) return `typeof(${column.value}) = 'text'`;
  // booleans order among themselves (false below true), so a range over a boolean admits both
  const typesOf = (operand: unknown) => (comparing !== 'equal' && typeof operand === 'boolean' ? ['true', 'false'] : jsonTypesOf(operand));
  const types = [...new Set(operands.flatMap(typesOf))];
  return `${column.type} IN (${types.map((type) => `'${type}'`).join(',')})`;
}

/**
 * Whether SQLite could match a value of another type than the operand's: equal to text, only an array or
 * object whose JSON text it spells; equal to a number, a boolean (as 0 or 1); below a text, any number;
 * above a text, only an array's or object's JSON text, which is left unchecked (docs/decisions.md).
 */
function mayMatchAnotherType(operand: unknown, comparing: Comparing): boolean {
  if (isText(operand)) {
    const text = operand instanceof Date ? operand.toISOString() : (operand as string);
    return comparing === 'equal' ? text.startsWith('[') || text.startsWith('{') : comparing === 'below';
  }
  if (typeof operand === 'number') return comparing !== 'equal' || operand === 0 || operand === 1;
  return true;
}

function isText(operand: unknown): boolean {
  return typeof operand === 'string' || operand instanceof Date;
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
