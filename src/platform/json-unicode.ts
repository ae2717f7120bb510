/**
 * Whether a parsed JSON value holds a string, or a member name, that is not Unicode text: JSON lets a lone
 * surrogate be written as an escape (`"\ud800"`), which I-JSON (RFC 7493, 2.1) forbids. A reader in Java or
 * C# gets U+FFFD or an error for it, and the event log refuses it. A UTF-8 body cannot carry one otherwise
 * (bodies that are not UTF-8 are refused), so callers walk a value only when its text holds a `\u` escape.
 * The value must already be known to nest no deeper than MAX_JSON_DEPTH (json-depth.ts): this recurses.
 */
export function holdsLoneSurrogate(value: unknown): boolean {
  return loneSurrogatePath(value) !== null;
}

/**
 * Where the first string or member name that is not Unicode text is (members and array indexes from the
 * top, the member itself for a name), or null when there is none. The same walk as holdsLoneSurrogate.
 */
export function loneSurrogatePath(value: unknown): (string | number)[] | null {
  if (typeof value === 'string') return value.isWellFormed() ? null : [];
  if (value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const inner = loneSurrogatePath(value[index]);
      if (inner) return [index, ...inner];
    }
    return null;
  }
  for (const name in value) {
    if (!name.isWellFormed()) return [name.toWellFormed()];
    const inner = loneSurrogatePath((value as Record<string, unknown>)[name]);
    if (inner) return [name, ...inner];
  }
  return null;
}
