import { badRequest } from '../errors';

/** Query-string parsing with clear 400s: strict booleans and integers, no silent coercion. */
export function booleanParam(query: Record<string, unknown>, name: string, fallback: boolean): boolean {
  const raw = given(query, name);
  if (raw === undefined) return fallback;
  if (/^true$/i.test(raw)) return true;
  if (/^false$/i.test(raw)) return false;
  throw badRequest(`query parameter ${name} must be true or false`, { [name]: ['must be true or false'] });
}

export function stringParam(query: Record<string, unknown>, name: string): string | undefined {
  return given(query, name);
}

/**
 * A parameter's value, or undefined when it is left out. One given empty (`offset=`, `?confirm`) is a 400:
 * taken as absent it would mean the default, and `confirm?offset=` would acknowledge everything read.
 */
function given(query: Record<string, unknown>, name: string): string | undefined {
  const raw = single(query, name);
  if (raw === '') throw badRequest(`query parameter ${name} is empty: give it a value or leave it out`, { [name]: ['is empty'] });
  return raw;
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
