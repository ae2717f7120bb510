import type { EventKind, StoredEvent } from '../../platform/event-store/event-store';
import { matchesAny } from '../../platform/identity/client-registry';

/**
 * What the log page filters by. type, source and subject: exact, or a prefix ending in `*` (as the
 * registry's patterns); from and to: when the event was recorded (from inclusive, to exclusive), RFC 3339.
 */
export type LogFilter = { type?: string; source?: string; subject?: string; from?: string; to?: string; kinds?: EventKind[] };

export function matchesLogFilter(stored: StoredEvent, filter: LogFilter): boolean {
  const { event } = stored;
  if (filter.kinds && !filter.kinds.includes(stored.kind)) return false;
  if (filter.type && !matchesAny([filter.type], event.type)) return false;
  if (filter.source && !matchesAny([filter.source], event.source)) return false;
  if (filter.subject && !(typeof event.subject === 'string' && matchesAny([filter.subject], event.subject))) return false;
  const recorded = Date.parse(stored.recordedAt);
  if (filter.from && recorded < Date.parse(filter.from)) return false;
  if (filter.to && recorded >= Date.parse(filter.to)) return false;
  return true;
}

/** An exact type narrows the store's own read; a prefix is matched on the events read. */
export function storeFilterOf(filter: LogFilter) {
  return {
    ...(filter.type && !filter.type.endsWith('*') ? { types: [filter.type] } : {}),
    ...(filter.kinds ? { kinds: filter.kinds } : {}),
  };
}

/** One event as the log page lists it: its place and envelope, not its data (opened one at a time). */
export function eventSummary(stored: StoredEvent) {
  const { event } = stored;
  return {
    position: String(stored.position),
    streamId: stored.streamId,
    revision: stored.revision,
    kind: stored.kind,
    recordedAt: stored.recordedAt,
    causedBy: stored.producer,
    id: event.id,
    type: event.type,
    source: event.source,
    subject: typeof event.subject === 'string' ? event.subject : null,
    time: event.time ?? null,
  };
}

export type EventSummary = ReturnType<typeof eventSummary>;
