/**
 * The event store port: one durable, ordered log of CloudEvents split into streams.
 * Every adapter (embedded SQLite, EventStoreDB) implements exactly this and converts its vendor's
 * errors into the error types below, so services never import a database client.
 *
 * Numbering, fixed at the port: a stream that does not exist has revision -1, its first event has
 * revision 0 (as EventStoreDB does). Global positions start at 1 and only increase.
 */
export type CloudEventRecord = {
  specversion: '1.0';
  id: string;
  source: string;
  type: string;
  time: string;
  [attribute: string]: unknown;
};

/** standard: produced for consumers; test: produced by a client for its own test instances;
 * dead: reported back by a consumer. */
export type EventKind = 'standard' | 'test' | 'dead';

export type NewEvent = {
  event: CloudEventRecord;
  /** client id (or service name) that caused the event: the audit trail's "who, through which client". */
  producer: string;
  kind?: EventKind;
  /** uniqueness key; defaults to source + id. A later event under a used key is a retry (stored once)
   * when its content is the same, and refused (DuplicateEventConflictError) when not. */
  dedupeKey?: string;
  /** attributes the platform filled in (a default time, say): set aside when contents are compared, so
   * content means what the producer sent */
  filledIn?: string[];
  /** a fingerprint the caller chooses to stand for the content instead (equal fingerprints: a retry) */
  contentHash?: string;
  /**
   * The event as JSON text, when the caller holds it (the producer's own bytes): text that JSON.parse
   * turns into exactly `event`. An adapter may store it instead of serializing `event` again.
   */
  json?: string;
};

export type StoredEvent = {
  position: number;
  streamId: string;
  revision: number;
  kind: EventKind;
  producer: string;
  recordedAt: string;
  event: CloudEventRecord;
  /**
   * About how many characters the event takes as JSON: what a reader counts to bound the memory it
   * holds. On the embedded log, the text of the run it was stored in shared evenly among the run's events.
   */
  size: number;
};

export const NO_STREAM = 'no_stream' as const;
export const STREAM_EXISTS = 'stream_exists' as const;
export const ANY_REVISION = 'any' as const;
export type ExpectedRevision = number | typeof NO_STREAM | typeof STREAM_EXISTS | typeof ANY_REVISION;

export type AppendResult = {
  /** revision of the stream after the append (-1 if nothing was ever written) */
  nextRevision: number;
  /** positions of the events written now, in order; retried duplicates are not written again */
  positions: number[];
  /** how many events were recognised as retries of events already stored */
  duplicates: number;
  /** the highest position this append wrote or found as a duplicate (0 when it wrote nothing) */
  lastPosition: number;
};

export type AppendOptions = {
  expectedRevision?: ExpectedRevision;
  /**
   * All the events as one JSON array, when the caller holds that text (a producer's batch as it was
   * sent): text that JSON.parse turns into exactly the events' `event`s, in order. An adapter may store
   * it instead of serializing the events again.
   */
  json?: string;
};

export type LogFilter = {
  kinds?: EventKind[];
  streamPrefix?: string;
  types?: string[];
};

export type LogQuery = {
  after: number;
  /** at most this many events */
  limit: number;
  /**
   * and none after the event that brings their total size (StoredEvent.size) to this or more, so a
   * read of large events holds little of them at once (the first event always comes)
   */
  maxSize?: number;
  filter?: LogFilter;
};

export interface EventStore {
  append(streamId: string, events: NewEvent[], options?: AppendOptions): Promise<AppendResult>;
  /** limit: at most this many events (all when absent); maxSize: as LogQuery's */
  readStream(streamId: string, options?: { fromRevision?: number; limit?: number; maxSize?: number }): Promise<StoredEvent[]>;
  /** events with position > after, oldest first */
  readAll(options: LogQuery): Promise<StoredEvent[]>;
  headPosition(): Promise<number>;
  /** Resolves when the log can take appends and be read; rejects (LogUnavailableError) with the reason otherwise. */
  checkHealth(): Promise<void>;
  /** called after every durable append in this process (or, for a shared server, any process) */
  onAppended(listener: (headPosition: number) => void): () => void;
  close(): Promise<void>;
}

export class ExpectedRevisionConflictError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number,
  ) {
    super(`stream ${streamId}: expected revision ${String(expected)}, actual ${actual}`);
    this.name = 'ExpectedRevisionConflictError';
  }
}

/** A different event was sent under a uniqueness key (source + id) already used; eventIndex: which of the append's events. */
export class DuplicateEventConflictError extends Error {
  constructor(
    readonly dedupeKey: string,
    readonly eventIndex?: number,
  ) {
    super(`an event with the same source and id but different content is already stored (${dedupeKey.replace('\n', ' ')})`);
    this.name = 'DuplicateEventConflictError';
  }
}

/**
 * The log cannot store events now: its storage refused the write (a full disk, an I/O error), its writer
 * stopped, or its server did not answer. The same append may succeed later. On the embedded log nothing
 * of it was written; on EventStoreDB an append cut off may have been, and a retry is stored once.
 */
export class LogUnavailableError extends Error {
  constructor(readonly reason: string) {
    super(`the event log cannot store events now: ${reason}`);
    this.name = 'LogUnavailableError';
  }
}

/** The log refused the append for its size (EventStoreDB's max append size); nothing was written. */
export class AppendTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`the events are larger than the log accepts in one append (${maxBytes} bytes)`);
    this.name = 'AppendTooLargeError';
  }
}

export function revisionMatches(expected: ExpectedRevision, actual: number): boolean {
  switch (expected) {
    case ANY_REVISION:
      return true;
    case NO_STREAM:
      return actual === -1;
    case STREAM_EXISTS:
      return actual >= 0;
    default:
      return expected === actual;
  }
}

/**
 * The next events of a reader of part of the log, their total size, where its next read starts, and
 * whether the batch is full (it stopped at its limit of events or of size, so more may follow). A batch that is not full holds
 * every matching event up to the head read before it, so the next read may start at that head rather
 * than at the batch's last event: otherwise every read passes again the events of other types in between
 * (cheap on the embedded log's index, a rescan on EventStoreDB, which filters on the client).
 * `head`: the head the caller already read, when it read one for several readers.
 */
export async function readLogBatch(
  store: EventStore,
  query: LogQuery,
  head?: number,
): Promise<{ events: StoredEvent[]; size: number; nextAfter: number; full: boolean }> {
  const headBefore = head ?? (await store.headPosition());
  const events = await store.readAll(query);
  const last = events.length > 0 ? events[events.length - 1].position : query.after;
  const size = totalSize(events);
  const full = events.length === query.limit || (query.maxSize !== undefined && size >= query.maxSize);
  return { events, size, nextAfter: full ? last : Math.max(headBefore, last, query.after), full };
}

/** The sizes of these events (or deliveries of them) added up. */
export function totalSize(events: readonly { size: number }[]): number {
  let size = 0;
  for (const { size: one } of events) size += one;
  return size;
}
