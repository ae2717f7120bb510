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

function single(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.length > 0 && typeof value[0] === 'string') return value[value.length - 1];
  throw badRequest(`query parameter ${name} is malformed`, { [name]: ['is malformed'] });
}
