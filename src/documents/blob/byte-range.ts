/** What a download's Range header asks of content of this size (RFC 9110, 14.2): one part of it, all of it, or nothing it has. */
export type RangeAnswer = { kind: 'whole' } | { kind: 'part'; start: number; end: number } | { kind: 'unsatisfiable' };

const SINGLE = /^bytes=(\d{0,16})-(\d{0,16})$/i;

/**
 * One byte range is served as asked; a header that is not one well-formed range (several ranges, another
 * unit, a range that ends before it starts) is ignored and the whole content served, as RFC 9110 allows;
 * a range that starts past the end, or asks the last 0 bytes, cannot be satisfied (416).
 */
export function rangeOf(header: string | undefined, size: number): RangeAnswer {
  const match = header === undefined ? null : SINGLE.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return { kind: 'whole' };
  const [first, last] = [match[1] === '' ? null : Number(match[1]), match[2] === '' ? null : Number(match[2])];
  if (first === null) {
    // a suffix: the last n bytes
    if (last === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', start: Math.max(0, size - last!), end: size - 1 };
  }
  if (last !== null && last < first) return { kind: 'whole' };
  if (first >= size) return { kind: 'unsatisfiable' };
  return { kind: 'part', start: first, end: Math.min(last ?? size - 1, size - 1) };
}
