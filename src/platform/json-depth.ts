/**
 * How deep a JSON value nests arrays and objects. JSON.parse reads any depth, but JSON.stringify, schema
 * validation and every other walk of a value recurse, and a request of a few hundred KB of brackets nests
 * deep enough to overflow the stack: a 500 where the input was at fault, and for a stored event, a 500 on
 * every later read of it. So request bodies are refused past a depth that no real document comes near.
 * MongoDB, where the read models live in production, stores documents nested at most 100 levels.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether `value` holds more than `levels` arrays or objects inside one another (a scalar holds none, `{}`
 * one). The recursion stops at `levels`, so it cannot overflow the stack itself.
 */
export function nestsDeeperThan(value: unknown, levels: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (levels === 0) return true;
  if (Array.isArray(value)) {
    for (const item of value) if (nestsDeeperThan(item, levels - 1)) return true;
    return false;
  }
  for (const key in value) if (nestsDeeperThan((value as Record<string, unknown>)[key], levels - 1)) return true;
  return false;
}
