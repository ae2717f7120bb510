import type { EventStore, StoredEvent } from '../../platform/event-store/event-store';
import { matchesLogFilter, storeFilterOf, type LogFilter } from './log-filter';

/** Positions read per step, and at most this many per search: a search of a rare type in a long log ends in pages. */
const WINDOW = 1000;
const SCAN_BUDGET = 50_000;
const READ_MAX_SIZE = 8_000_000;

export type LogPage = { events: StoredEvent[]; olderThan: number };

/**
 * The newest events matching the filter that are older than `before` (a position; the head when left
 * out), newest first, read backwards a window at a time. `olderThan` is where the next page starts, 0
 * when the log's start was reached. The windows count positions, which the embedded log numbers 1, 2,
 * 3...; on EventStoreDB (positions are offsets) the search reads forward from the start of the log instead.
 */
export async function newestMatching(events: EventStore, filter: LogFilter, options: { before?: number; limit: number; densePositions: boolean }): Promise<LogPage> {
  const head = await events.headPosition();
  let end = Math.min(options.before ?? head + 1, head + 1);
  const found: StoredEvent[] = [];
  for (let scanned = 0; end > 1 && found.length <= options.limit && scanned < SCAN_BUDGET; scanned += WINDOW) {
    const start = options.densePositions ? Math.max(0, end - 1 - WINDOW) : 0;
    const window = await readWindow(events, filter, start, end);
    found.push(...window.matching.reverse());
    end = options.densePositions && !window.beforeFrom ? start + 1 : 1;
  }
  const page = found.slice(0, options.limit);
  const olderThan = found.length > options.limit ? page[page.length - 1].position : end > 1 ? end : 0;
  return { events: page, olderThan };
}

/**
 * The matching events with start < position < end, oldest first (at most SCAN_BUDGET read), and whether
 * the window reached events recorded before the filter's `from`: recording times follow positions, so
 * nothing older matches.
 */
async function readWindow(events: EventStore, filter: LogFilter, start: number, end: number) {
  const matching: StoredEvent[] = [];
  let beforeFrom = false;
  for (let after = start, read = 0; after < end - 1 && read < SCAN_BUDGET; ) {
    const batch = await events.readAll({ after, limit: WINDOW, maxSize: READ_MAX_SIZE, filter: storeFilterOf(filter) });
    const inWindow = batch.filter((stored) => stored.position < end);
    matching.push(...inWindow.filter((stored) => matchesLogFilter(stored, filter)));
    beforeFrom ||= filter.from !== undefined && inWindow.some((stored) => Date.parse(stored.recordedAt) < Date.parse(filter.from!));
    if (inWindow.length < batch.length || batch.length === 0) break;
    after = batch[batch.length - 1].position;
    read += batch.length;
  }
  return { matching, beforeFrom };
}
