/**
 * Whether a parsed JSON value holds a string, or a member name, that is not Unicode text: JSON lets a lone
 * surrogate be written as an escape (`"\ud800"`), which I-JSON (RFC 7493, 2.1) forbids. A reader in Java or
 * C# gets U+FFFD or an error for it, and the event log refuses it. A UTF-8 body cannot carry one otherwise
 * (bodies that are not UTF-8 are refused), so callers walk a value only when its text holds a `\u` escape.
 */
export function holdsLoneSurrogate(value: unknown): boolean {
  return loneSurrogatePath(value) !== null;
}

/**
 * Where the first string or member name that is not Unicode text is (members and array indexes from the
 * top, the member itself for a name), or null when there is none. The same walk as holdsLoneSurrogate,
 * depth first in document order, on a stack of its own: a body nested thousands deep is walked too.
 */
export function loneSurrogatePath(value: unknown): (string | number)[] | null {
  type Pending = { value: unknown; path: (string | number)[]; name?: string };
  const pending: Pending[] = [{ value, path: [] }];
  while (pending.length > 0) {
    const { value: current, path, name } = pending.pop()!;
    if (name !== undefined && !name.isWellFormed()) return [...path.slice(0, -1), name.toWellFormed()];
    if (typeof current === 'string') {
      if (!current.isWellFormed()) return path;
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    const children: Pending[] = Array.isArray(current)
      ? current.map((item, index) => ({ value: item, path: [...path, index] }))
      : Object.keys(current).map((key) => ({ value: (current as Record<string, unknown>)[key], path: [...path, key], name: key }));
    for (let index = children.length - 1; index >= 0; index -= 1) pending.push(children[index]);
  }
  return null;
}
