import type { Filter, SortSpec } from './document-store';

/**
 * Translates the supported subset of MongoDB filters into a SQLite WHERE clause over JSON documents.
 * Field paths become json_extract(doc, '$.a.b'), which is what the expression indexes are built on,
 * so equality and range filters on indexed fields use the index.
 */
export type SqlFragment = { sql: string; params: unknown[] };

const COMPARISONS: Record<string, string> = { $eq: '=', $ne: '!=', $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' };

export function jsonPath(field: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)*$/.test(field)) throw new Error(`unsupported field path: ${field}`);
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

function fieldCondition(field: string, condition: unknown): SqlFragment {
  const column = field === '_id' ? 'id' : jsonPath(field);
  if (!isOperatorObject(condition)) return equality(column, condition);
  const parts: string[] = [];
  const params: unknown[] = [];
  for (const [operator, operand] of Object.entries(condition as Record<string, unknown>)) {
    if (operator === '$eq') {
      const fragment = equality(column, operand);
      parts.push(fragment.sql);
      params.push(...fragment.params);
    } else if (operator === '$ne') {
      parts.push(operand === null ? `${column} IS NOT NULL` : `(${column} IS NULL OR ${column} != ?)`);
      if (operand !== null) params.push(toSqlValue(operand));
    } else if (operator in COMPARISONS) {
      parts.push(`${column} ${COMPARISONS[operator]} ?`);
      params.push(toSqlValue(operand));
    } else if (operator === '$in' || operator === '$nin') {
      const values = operand as unknown[];
      if (values.length === 0) parts.push(operator === '$in' ? '0' : '1');
      else {
        const list = values.map(() => '?').join(',');
        // as in MongoDB, $nin also matches documents that lack the field
        parts.push(operator === '$in' ? `${column} IN (${list})` : `(${column} IS NULL OR ${column} NOT IN (${list}))`);
        params.push(...values.map(toSqlValue));
      }
    } else if (operator === '$exists') {
      parts.push(operand ? `json_type(doc, '$.${field}') IS NOT NULL` : `json_type(doc, '$.${field}') IS NULL`);
    } else if (operator === '$elemMatch') {
      const inner = operand as Record<string, unknown>;
      const values = '$in' in inner ? (inner.$in as unknown[]) : [inner.$eq];
      parts.push(
        `EXISTS (SELECT 1 FROM json_each(doc, '$.${field}') WHERE value IN (${values.map(() => '?').join(',')}))`,
      );
      params.push(...values.map(toSqlValue));
    } else {
      throw new Error(`unsupported filter operator: ${operator}`);
    }
  }
  return { sql: parts.join(' AND '), params };
}

function equality(column: string, value: unknown): SqlFragment {
  if (value === null || value === undefined) return { sql: `${column} IS NULL`, params: [] };
  return { sql: `${column} = ?`, params: [toSqlValue(value)] };
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
