import Database from 'better-sqlite3';
import type { EventKind } from './event-store';

/**
 * The embedded log's tables (the writer thread's group-commit transaction that fills them: group-committer.ts).
 *
 * The unit of storage is a run: the consecutive events of one append that share a kind and a producer
 * (an exchange batch is one run), stored as one row holding their JSON array, as Kafka stores a record
 * batch. Positions and revisions inside a run are consecutive, so a run keeps only its last ones. Storing
 * a row per event cost twice the bare disk rate in B-tree work per row (docs/decisions.md).
 *
 * - event_keys: every event's uniqueness key (source + id by default), so a retry is stored once. Its
 *   content_hash holds a fingerprint only when the appender chose one, filled_in the attributes the
 *   platform set; otherwise the content is compared only when a key is found taken.
 * - event_run_types: the types each run holds, so readers of a few types skip the runs without them.
 * - test and dead events are few among many standard ones: a partial index finds them without making
 *   every standard append pay for an index entry.
 */
export const LOG_SCHEMA = `
CREATE TABLE IF NOT EXISTS event_runs (
  last_position INTEGER PRIMARY KEY,
  event_count   INTEGER NOT NULL,
  stream_id     TEXT    NOT NULL,
  last_revision INTEGER NOT NULL,
  kind          TEXT    NOT NULL,
  producer      TEXT    NOT NULL,
  recorded_at   TEXT    NOT NULL,
  events        TEXT    NOT NULL,
  UNIQUE (stream_id, last_revision)
);
CREATE INDEX IF NOT EXISTS event_runs_of_rare_kinds ON event_runs (kind, last_position) WHERE kind <> 'standard';
CREATE TABLE IF NOT EXISTS event_run_types (
  type          TEXT    NOT NULL,
  last_position INTEGER NOT NULL,
  PRIMARY KEY (type, last_position)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS event_keys (
  dedupe_key    TEXT    PRIMARY KEY,
  position      INTEGER NOT NULL,
  content_hash  TEXT,
  filled_in     TEXT
) WITHOUT ROWID;
`;

export type EventRunRow = {
  last_position: number;
  event_count: number;
  stream_id: string;
  last_revision: number;
  kind: EventKind;
  producer: string;
  recorded_at: string;
  events: string;
};

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

/** Creates the log's tables, or brings a log written by an earlier version up to this one. Idempotent. */
export function prepareLogSchema(db: Database.Database): void {
  db.exec(LOG_SCHEMA);
  db.transaction(() => {
    if (db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'events'").get()) migrateEventRows(db);
  }).immediate();
}

/** The position of the log's last event (0 when empty). */
export function logHead(db: Database.Database): number {
  return db.prepare<[], { head: number | null }>('SELECT MAX(last_position) AS head FROM event_runs').get()?.head ?? 0;
}

/** Logs written before runs kept a row per event: each becomes a run of one, keeping its position. */
function migrateEventRows(db: Database.Database): void {
  const columns = db.prepare<[], { name: string }>("SELECT name FROM pragma_table_info('events')").all();
  const filledIn = columns.some((column) => column.name === 'filled_in') ? 'filled_in' : 'NULL';
  db.exec(`
INSERT INTO event_runs (last_position, event_count, stream_id, last_revision, kind, producer, recorded_at, events)
  SELECT position, 1, stream_id, revision, kind, producer, recorded_at, '[' || event || ']' FROM events;
INSERT INTO event_run_types (type, last_position) SELECT type, position FROM events;
INSERT INTO event_keys (dedupe_key, position, content_hash, filled_in)
  SELECT dedupe_key, position, NULLIF(content_hash, ''), ${filledIn} FROM events;
DROP TABLE events;`);
}
