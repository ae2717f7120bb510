import { formatContentRange, rangeLength, type ContentRange } from './content-range';
import type { BlobState } from './state';

/** Seed: each part from 5 MiB to 5 GiB; the last from 0 B to 5 GiB. */
export const MIN_PART_BYTES = 5 * 1024 * 1024;
export const MAX_PART_BYTES = 5 * 1024 ** 3;

export class PartRefusedError extends Error {
  /** expected: the range the upload expects next, as a Content-Range would write it (null: none, it is complete) */
  constructor(
    message: string,
    readonly expected: string | null,
  ) {
    super(message);
    this.name = 'PartRefusedError';
  }
}

/** What the upload expects next: the bytes from where it stands to the end, or one part's worth of them. */
export function expectedRange(state: Pick<BlobState, 'received' | 'totalSize'>): string | null {
  if (state.received >= state.totalSize) return null;
  return formatContentRange({ start: state.received, end: Math.min(state.totalSize, state.received + MAX_PART_BYTES) - 1, total: state.totalSize });
}

/** A part's own size rule, whatever the upload holds: within 5 GiB, and at least 5 MiB unless it is the last. */
export function checkPartSize(range: ContentRange): void {
  const length = rangeLength(range);
  if (length > MAX_PART_BYTES) throw new PartRefusedError(`a part holds at most ${MAX_PART_BYTES} bytes (5 GiB); this one ${length}`, null);
  if (length < MIN_PART_BYTES && range.end !== range.total - 1) {
    throw new PartRefusedError(`every part but the last holds at least ${MIN_PART_BYTES} bytes (5 MiB); this one ${length}`, null);
  }
}

/**
 * Whether a part may be taken now. Parts come in order, each starting where the bytes received end:
 * a part that overlaps what arrived, leaves a gap or claims another total is refused with the range the
 * upload expects. A part already received (same range) is a retry: `repeat` (taken again only with the
 * same bytes, checked once they are known).
 */
export function checkNextPart(state: Pick<BlobState, 'received' | 'totalSize' | 'parts'>, range: ContentRange): 'next' | 'repeat' {
  if (range.total !== state.totalSize) throw new PartRefusedError(`the upload's total is ${state.totalSize} bytes, not ${range.total}`, expectedRange(state));
  if (state.parts.some((part) => part.start === range.start && part.end === range.end)) return 'repeat';
  if (range.start !== state.received) {
    const what = range.start < state.received ? 'overlaps bytes already received' : 'leaves a gap after the bytes received';
    throw new PartRefusedError(`the part ${formatContentRange(range)} ${what} (${state.received} so far)`, expectedRange(state));
  }
  checkPartSize(range);
  return 'next';
}
