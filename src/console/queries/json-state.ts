/**
 * An aggregate's state as JSON: deciders may keep Sets and Maps, which JSON.stringify writes as {}.
 * Sets become arrays, Maps objects (or arrays of pairs when their keys are not strings).
 */
export function toJsonState(value: unknown): unknown {
  if (value instanceof Set) return [...value].map(toJsonState);
  if (value instanceof Map) {
    const entries = [...value.entries()];
    return entries.every(([key]) => typeof key === 'string')
      ? Object.fromEntries(entries.map(([key, item]) => [key, toJsonState(item)]))
      : entries.map(([key, item]) => [toJsonState(key), toJsonState(item)]);
  }
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(toJsonState);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, toJsonState(item)]));
  return value;
}
