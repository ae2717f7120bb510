/**
 * Whether a parsed JSON value holds a string, or a member name, that is not Unicode text: JSON lets a lone
 * surrogate be written as an escape (`"\ud800"`), which I-JSON (RFC 7493, 2.1) forbids. A reader in Java or
 * C# gets U+FFFD or an error for it, and the event log refuses it. A UTF-8 body cannot carry one otherwise
 * (bodies that are not UTF-8 are refused), so callers walk a value only when its text holds a `\u` escape.
 * The value must already be known to nest no deeper than MAX_JSON_DEPTH (json-depth.ts): this recurses.
 */
export function holdsLoneSurrogate(value: unknown): boolean {
  if (typeof value === 'string') return !value.isWellFormed();
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some(holdsLoneSurrogate);
  for (const name in value) if (!name.isWellFormed() || holdsLoneSurrogate((value as Record<string, unknown>)[name])) return true;
  return false;
}
