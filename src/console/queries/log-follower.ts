import { CoalescedTask } from '../../platform/coalesced-task';
import { readLogBatch, type EventStore, type StoredEvent } from '../../platform/event-store/event-store';
import { matchesLogFilter, storeFilterOf, type LogFilter } from './log-filter';

const BATCH = 500;
const BATCH_MAX_SIZE = 4_000_000;

/**
 * Follows the log from a position: after every append, the events that match the filter go to `send`
 * (awaited, so a slow reader slows the follower rather than filling memory), with the position read up to.
 * Returns the function that stops it.
 */
export function followLog(
  events: EventStore,
  filter: LogFilter,
  after: number,
  send: (matching: StoredEvent[], upTo: number) => Promise<void>,
  onError: (error: unknown) => void,
): () => void {
  let position = after;
  let stopped = false;
  const task = new CoalescedTask(async () => {
    while (!stopped) {
      const batch = await readLogBatch(events, { after: position, limit: BATCH, maxSize: BATCH_MAX_SIZE, filter: storeFilterOf(filter) });
      const matching = batch.events.filter((stored) => matchesLogFilter(stored, filter));
      const moved = batch.nextAfter !== position;
      position = batch.nextAfter;
      if (matching.length > 0 || moved) await send(matching, position);
      if (!batch.full) break;
    }
  }, onError);
  const unsubscribe = events.onAppended(() => void task.wake());
  void task.wake();
  return () => {
    stopped = true;
    unsubscribe();
  };
}
