import Database from 'better-sqlite3';
import {
  DuplicateEventConflictError,
  ExpectedRevisionConflictError,
  revisionMatches,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type LogFilter,
  type NewEvent,
  type StoredEvent,
} from './event-store';
import { identityOf } from './event-identity';

type PendingAppend = {
  streamId: string;
  events: NewEvent[];
  expectedRevision: ExpectedRevision;
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
};

type EventRow = {
  position: number;
  stream_id: string;
  revision: number;
  kind: StoredEvent['kind'];
  producer: string;
  recorded_at: string;
  event: string;
};

const SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  position     INTEGER PRIMARY KEY,
  stream_id    TEXT    NOT NULL,
  revision     INTEGER NOT NULL,
  kind         TEXT    NOT NULL,
  producer     TEXT    NOT NULL,
  type         TEXT    NOT NULL,
  dedupe_key   TEXT    NOT NULL,
  content_hash TEXT    NOT NULL,
  recorded_at  TEXT    NOT NULL,
  event        TEXT    NOT NULL,
  UNIQUE (stream_id, revision),
  UNIQUE (dedupe_key)
);
CREATE INDEX IF NOT EXISTS events_by_kind ON events (kind, position);
CREATE INDEX IF NOT EXISTS events_by_type ON events (type, position);
`;

/**
 * The embedded event log: one SQLite file in WAL mode with synchronous=FULL, so a commit is on disk
 * before its promise resolves. Appends that arrive in the same turn of the event loop are committed
 * together (group commit): one fsync serves many requests, each in its own savepoint, so one
 * append's conflict never undoes another's.
 */
export function openSqliteEventStore(path: string): EventStore {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  db.exec(SCHEMA);

  const currentRevision = db.prepare<[string], { revision: number | null }>(
    'SELECT MAX(revision) AS revision FROM events WHERE stream_id = ?',
  );
  const findByKey = db.prepare<[string], { position: number; content_hash: string }>(
    'SELECT position, content_hash FROM events WHERE dedupe_key = ?',
  );
  const insert = db.prepare(
    `INSERT INTO events (stream_id, revision, kind, producer, type, dedupe_key, content_hash, recorded_at, event)
     VALUES (@streamId, @revision, @kind, @producer, @type, @dedupeKey, @contentHash, @recordedAt, @event)`,
  );
  const selectStream = db.prepare<[string, number], EventRow>(
    'SELECT * FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision',
  );
  const selectHead = db.prepare<[], { head: number | null }>('SELECT MAX(position) AS head FROM events');

  const listeners = new Set<(head: number) => void>();
  let queue: PendingAppend[] = [];
  let flushScheduled = false;
  let head = selectHead.get()?.head ?? 0;

  const appendOne = db.transaction((item: PendingAppend): AppendResult => {
    const actual = currentRevision.get(item.streamId)?.revision ?? -1;
    if (!revisionMatches(item.expectedRevision, actual)) {
      throw new ExpectedRevisionConflictError(item.streamId, item.expectedRevision, actual);
    }
    const recordedAt = new Date().toISOString();
    const positions: number[] = [];
    const keysInThisAppend = new Map<string, string>();
    let revision = actual;
    let duplicates = 0;
    let lastPosition = 0;
    for (const newEvent of item.events) {
      const { dedupeKey, contentHash } = identityOf(newEvent);
      const earlier = keysInThisAppend.get(dedupeKey);
      const stored = earlier === undefined ? findByKey.get(dedupeKey) : undefined;
      const knownHash = earlier ?? stored?.content_hash;
      if (knownHash !== undefined) {
        if (knownHash !== contentHash) throw new DuplicateEventConflictError(dedupeKey);
        duplicates += 1;
        if (stored) lastPosition = Math.max(lastPosition, stored.position);
        continue;
      }
      revision += 1;
      const info = insert.run({
        streamId: item.streamId,
        revision,
        kind: newEvent.kind ?? 'standard',
        producer: newEvent.producer,
        type: newEvent.event.type,
        dedupeKey,
        contentHash,
        recordedAt,
        event: JSON.stringify(newEvent.event),
      });
      const position = Number(info.lastInsertRowid);
      positions.push(position);
      lastPosition = position;
      keysInThisAppend.set(dedupeKey, contentHash);
    }
    return { nextRevision: revision, positions, duplicates, lastPosition };
  });

  const commitGroup = db.transaction((items: PendingAppend[]) =>
    items.map((item) => {
      try {
        return { ok: true as const, result: appendOne(item) };
      } catch (error) {
        return { ok: false as const, error };
      }
    }),
  );

  function flush() {
    flushScheduled = false;
    const items = queue;
    queue = [];
    let outcomes: ReturnType<typeof commitGroup>;
    try {
      outcomes = commitGroup(items);
    } catch (error) {
      for (const item of items) item.reject(error);
      return;
    }
    head = selectHead.get()?.head ?? head;
    outcomes.forEach((outcome, index) => {
      if (outcome.ok) items[index].resolve(outcome.result);
      else items[index].reject(outcome.error);
    });
    for (const listener of listeners) listener(head);
  }

  return {
    append(streamId, events, options = {}) {
      return new Promise<AppendResult>((resolve, reject) => {
        queue.push({ streamId, events, expectedRevision: options.expectedRevision ?? 'any', resolve, reject });
        if (!flushScheduled) {
          flushScheduled = true;
          setImmediate(flush);
        }
      });
    },

    async readStream(streamId, options = {}) {
      return selectStream.all(streamId, options.fromRevision ?? 0).map(toStoredEvent);
    },

    async readAll({ after, limit, filter }) {
      const { sql, params } = readAllQuery(after, limit, filter);
      return db.prepare<unknown[], EventRow>(sql).all(...params).map(toStoredEvent);
    },

    async headPosition() {
      return head;
    },

    onAppended(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async close() {
      if (queue.length > 0) flush();
      listeners.clear();
      db.close();
    },
  };
}

function readAllQuery(after: number, limit: number, filter: LogFilter = {}) {
  const where = ['position > ?'];
  const params: unknown[] = [after];
  if (filter.kinds?.length) {
    where.push(`kind IN (${filter.kinds.map(() => '?').join(',')})`);
    params.push(...filter.kinds);
  }
  if (filter.types?.length) {
    where.push(`type IN (${filter.types.map(() => '?').join(',')})`);
    params.push(...filter.types);
  }
  if (filter.streamPrefix) {
    where.push('substr(stream_id, 1, ?) = ?');
    params.push(filter.streamPrefix.length, filter.streamPrefix);
  }
  params.push(limit);
  return { sql: `SELECT * FROM events WHERE ${where.join(' AND ')} ORDER BY position LIMIT ?`, params };
}

function toStoredEvent(row: EventRow): StoredEvent {
  return {
    position: row.position,
    streamId: row.stream_id,
    revision: row.revision,
    kind: row.kind,
    producer: row.producer,
    recordedAt: row.recorded_at,
    event: JSON.parse(row.event),
  };
}
