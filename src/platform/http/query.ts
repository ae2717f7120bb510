import { badRequest } from '../errors';

/** Query-string parsing with clear 400s: strict booleans and integers, no silent coercion. */
export function booleanParam(query: Record<string, unknown>, name: string, fallback: boolean): boolean {
  const raw = single(query, name);
  if (raw === undefined || raw === '') return fallback;
  if (/^true$/i.test(raw)) return true;
  if (/^false$/i.test(raw)) return false;
  throw badRequest(`query parameter ${name} must be true or false`, { [name]: ['must be true or false'] });
}

export function stringParam(query: Record<string, unknown>, name: string): string | undefined {
  const raw = single(query, name);
  return raw === undefined || raw === '' ? undefined : raw;
}

/**
 * The query's parameters, each given once: a repeated one would have to be read as one of its values
 * without telling the caller which, so it is a 400 naming it.
 */
export function singleValuedQuery(query: Record<string, unknown>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of Object.keys(query)) {
    const value = single(query, name);
    if (value !== undefined) values[name] = value;
  }
  return values;
}

function single(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) throw badRequest(`query parameter ${name} is given more than once`, { [name]: ['is given more than once'] });
  throw badRequest(`query parameter ${name} is malformed`, { [name]: ['is malformed'] });
}
