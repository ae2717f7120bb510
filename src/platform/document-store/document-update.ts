import type { Document, Filter, Update } from './document-store';

/**
 * Applies a MongoDB-style update to a plain document (pure; returns a new document). It refuses what
 * MongoDB refuses, so that an update that works on the embedded store works in production too: two
 * operators on one path (or on a path and a field inside it), $inc of a value that is not a number,
 * $push onto one that is not an array.
 */
export function applyUpdate<T extends Document>(current: T, update: Update, inserting: boolean): T {
  refuseConflictingPaths(update);
  const next = structuredClone(current) as Record<string, unknown>;
  for (const [path, value] of Object.entries(update.$set ?? {})) setPath(next, path, value);
  if (inserting) for (const [path, value] of Object.entries(update.$setOnInsert ?? {})) setPath(next, path, value);
  for (const path of Object.keys(update.$unset ?? {})) unsetPath(next, path);
  for (const [path, amount] of Object.entries(update.$inc ?? {})) {
    const before = getPath(next, path);
    if (before !== undefined && typeof before !== 'number') throw new Error(`cannot apply $inc to ${path}, which is not a number`);
    setPath(next, path, (before ?? 0) + amount);
  }
  for (const [path, value] of Object.entries(update.$push ?? {})) {
    const before = getPath(next, path);
    if (before !== undefined && !Array.isArray(before)) throw new Error(`cannot $push onto ${path}, which is not an array`);
    setPath(next, path, [...(before ?? []), value]);
  }
  for (const [path, value] of Object.entries(update.$pull ?? {})) {
    const before = getPath(next, path);
    if (Array.isArray(before)) setPath(next, path, before.filter((item) => JSON.stringify(item) !== JSON.stringify(value)));
  }
  return next as T;
}

function refuseConflictingPaths(update: Update) {
  const paths = Object.values(update).flatMap((fields) => Object.keys(fields ?? {}));
  for (const [index, path] of paths.entries()) {
    const other = paths.slice(index + 1).find((candidate) => candidate === path || candidate.startsWith(`${path}.`) || path.startsWith(`${candidate}.`));
    if (other !== undefined) throw new Error(`updating ${path} and ${other} in one update is a conflict`);
  }
}

/** The document an upsert starts from: the equality conditions of its filter. */
export function seedFromFilter(filter: Filter): Document {
  const seed: Record<string, unknown> = {};
  for (const [path, condition] of Object.entries(filter)) {
    if (path.startsWith('$')) continue;
    if (condition === null || typeof condition !== 'object' || Array.isArray(condition)) setPath(seed, path, condition);
    else if ('$eq' in (condition as object)) setPath(seed, path, (condition as { $eq: unknown }).$eq);
  }
  return seed as Document;
}

export function getPath(target: unknown, path: string): unknown {
  let current: unknown = target;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

function setPath(target: Record<string, unknown>, path: string, value: unknown) {
  const parts = path.split('.');
  let current = target;
  for (const part of parts.slice(0, -1)) {
    if (current[part] === null || typeof current[part] !== 'object') current[part] = {};
    current = current[part] as Record<string, unknown>;
  }
  current[parts[parts.length - 1]] = value;
}

function unsetPath(target: Record<string, unknown>, path: string) {
  const parts = path.split('.');
  const parent = getPath(target, parts.slice(0, -1).join('.')) ?? (parts.length === 1 ? target : undefined);
  if (parent && typeof parent === 'object') delete (parent as Record<string, unknown>)[parts[parts.length - 1]];
}
