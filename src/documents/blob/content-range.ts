/** `Content-Range: bytes <start>-<end>/<total>` of a part upload (RFC 9110, 14.4), end included. */
export type ContentRange = { start: number; end: number; total: number };

export class InvalidContentRangeError extends Error {
  constructor(readonly header: string, reason: string) {
    super(`Content-Range ${JSON.stringify(header.slice(0, 100))} ${reason}: write bytes <first>-<last>/<total>, e.g. bytes 0-5242879/12000000`);
    this.name = 'InvalidContentRangeError';
  }
}

const FORM = /^bytes (\d{1,16})-(\d{1,16})\/(\d{1,16})$/;

export function parseContentRange(header: string): ContentRange {
  const match = FORM.exec(header.trim());
  if (!match) throw new InvalidContentRangeError(header, 'is not a byte range with a known total');
  const [start, end, total] = match.slice(1).map(Number);
  if (![start, end, total].every(Number.isSafeInteger)) throw new InvalidContentRangeError(header, 'holds a number too large');
  if (start > end) throw new InvalidContentRangeError(header, 'ends before it starts');
  if (end >= total) throw new InvalidContentRangeError(header, 'ends past the total');
  return { start, end, total };
}

export const rangeLength = (range: { start: number; end: number }) => range.end - range.start + 1;

export const formatContentRange = (range: ContentRange) => `bytes ${range.start}-${range.end}/${range.total}`;
