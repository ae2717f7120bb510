import Database from 'better-sqlite3';
import type { AppendResult, ExpectedRevision } from './event-store';
import { revisionMatches } from './event-store';
import { retryFingerprint } from './event-identity';

/**
 * The embedded log's table, and the group-commit transaction the writer thread runs.
 *
 * content_hash holds a fingerprint only when the appender chose one; otherwise it is '' and the content
 * is compared only when a dedupe key is found taken (filled_in: the attributes set aside then).
 * test and dead events are few among many standard ones: a partial index finds them without making every
 * standard append pay for an index entry.
 */
export const LOG_SCHEMA = `
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
  filled_in    TEXT,
  UNIQUE (stream_id, revision),
  UNIQUE (dedupe_key)
);
CREATE INDEX IF NOT EXISTS events_by_type ON events (type, position);
`;

/**
 * The log's write connection: WAL with synchronous=FULL, so a commit is on disk before it returns.
 * Opened by the writer thread (and by the benchmark that measures the writer alone).
 */
export function openLogForWriting(path: string): Database.Database {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  prepareLogSchema(db);
  return db;
}

/** Creates the log's table, or brings a log written by an earlier version up to this one. Idempotent. */
export function prepareLogSchema(db: Database.Database): void {
  db.exec(LOG_SCHEMA);
  const columns = db.prepare<[], { name: string }>("SELECT name FROM pragma_table_info('events')").all();
  if (!columns.some((column) => column.name === 'filled_in')) db.exec('ALTER TABLE events ADD COLUMN filled_in TEXT');
  db.exec(`DROP INDEX IF EXISTS events_by_kind;
CREATE INDEX IF NOT EXISTS events_of_rare_kinds ON events (kind, position) WHERE kind <> 'standard';`);
}

/** An append as it crosses to the writer thread: events already serialized, identities computed. */
export type WireAppend = {
  streamId: string;
  expectedRevision: ExpectedRevision;
  events: { json: string; type: string; kind: string; producer: string; dedupeKey: string; filledIn: string[]; contentHash: string | undefined }[];
};

export type WireError =
  | { name: 'ExpectedRevisionConflictError'; streamId: string; expected: ExpectedRevision; actual: number }
  | { name: 'DuplicateEventConflictError'; dedupeKey: string }
  | { name: 'Error'; message: string };

export type WireOutcome = { ok: true; result: AppendResult } | { ok: false; error: WireError };

class AppendRefused extends Error {
  constructor(readonly wire: WireError) {
    super(wire.name);
  }
}

/**
 * Returns a function that commits a group of appends in one transaction, each in its own savepoint:
 * one append's conflict rolls back that append only. Throws only if the commit itself fails.
 * An append of one event needs no savepoint: it is refused before its one insert, or the insert did
 * nothing (key taken), or the statement failed and SQLite undid it.
 */
export function groupCommitter(db: Database.Database): (appends: WireAppend[]) => WireOutcome[] {
  const currentRevision = db.prepare<[string], { revision: number | null }>('SELECT MAX(revision) AS revision FROM events WHERE stream_id = ?');
  const findByKey = db.prepare<[string], StoredIdentity>('SELECT position, content_hash, filled_in, event FROM events WHERE dedupe_key = ?');
  const insert = db.prepare(
    `INSERT INTO events (stream_id, revision, kind, producer, type, dedupe_key, content_hash, recorded_at, event, filled_in)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (dedupe_key) DO NOTHING`,
  );

  // the writer is the log's only writer, so the revisions it wrote stay true until a commit fails
  const revisions = new Map<string, number>();
  const revisionOf = (streamId: string) => revisions.get(streamId) ?? currentRevision.get(streamId)?.revision ?? -1;

  const appendEvents = (append: WireAppend): AppendResult => {
    const actual = revisionOf(append.streamId);
    if (!revisionMatches(append.expectedRevision, actual)) {
      throw new AppendRefused({ name: 'ExpectedRevisionConflictError', streamId: append.streamId, expected: append.expectedRevision, actual });
    }
    const recordedAt = new Date().toISOString();
    const positions: number[] = [];
    let revision = actual;
    let duplicates = 0;
    let lastPosition = 0;
    for (const event of append.events) {
      const filledIn = event.filledIn.length > 0 ? event.filledIn.join(',') : null;
      const info = insert.run(append.streamId, revision + 1, event.kind, event.producer, event.type, event.dedupeKey, event.contentHash ?? '', recordedAt, event.json, filledIn);
      if (info.changes === 1) {
        revision += 1;
        lastPosition = Number(info.lastInsertRowid);
        positions.push(lastPosition);
        continue;
      }
      // the key is taken: a retry of the same event (accepted, stored once) or a different event (refused)
      const stored = findByKey.get(event.dedupeKey)!;
      if (!isRetryOf(stored, event)) throw new AppendRefused({ name: 'DuplicateEventConflictError', dedupeKey: event.dedupeKey });
      duplicates += 1;
      lastPosition = Math.max(lastPosition, stored.position);
    }
    return { nextRevision: revision, positions, duplicates, lastPosition };
  };
  const appendInSavepoint = db.transaction(appendEvents);

  const commitGroup = db.transaction((appends: WireAppend[]) =>
    appends.map((append): WireOutcome => {
      try {
        const result = append.events.length === 1 ? appendEvents(append) : appendInSavepoint(append);
        if (revisions.size >= REVISIONS_KEPT) revisions.clear();
        revisions.set(append.streamId, result.nextRevision);
        return { ok: true, result };
      } catch (error) {
        return { ok: false, error: error instanceof AppendRefused ? error.wire : { name: 'Error', message: String((error as Error).message) } };
      }
    }),
  );
  return (appends) => {
    try {
      return commitGroup(appends);
    } catch (error) {
      revisions.clear();
      throw error;
    }
  };
}

const REVISIONS_KEPT = 10_000;

type StoredIdentity = { position: number; content_hash: string; filled_in: string | null; event: string };

/** Same content, as the fingerprints tell: computed here, when a key is found taken, unless given. */
function isRetryOf(stored: StoredIdentity, event: WireAppend['events'][number]): boolean {
  const storedFingerprint = retryFingerprint(JSON.parse(stored.event), stored.filled_in?.split(',') ?? [], stored.content_hash || undefined);
  return storedFingerprint === retryFingerprint(JSON.parse(event.json), event.filledIn, event.contentHash);
}
