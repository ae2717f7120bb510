import type Database from 'better-sqlite3';
import type { AppendResult, ExpectedRevision } from './event-store';
import { revisionMatches } from './event-store';

/** The embedded log's table, and the group-commit transaction the writer thread runs. */
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
  UNIQUE (stream_id, revision),
  UNIQUE (dedupe_key)
);
CREATE INDEX IF NOT EXISTS events_by_kind ON events (kind, position);
CREATE INDEX IF NOT EXISTS events_by_type ON events (type, position);
`;

/** An append as it crosses to the writer thread: events already serialized, identities computed. */
export type WireAppend = {
  streamId: string;
  expectedRevision: ExpectedRevision;
  events: { json: string; type: string; kind: string; producer: string; dedupeKey: string; contentHash: string }[];
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
 */
export function groupCommitter(db: Database.Database): (appends: WireAppend[]) => WireOutcome[] {
  const currentRevision = db.prepare<[string], { revision: number | null }>('SELECT MAX(revision) AS revision FROM events WHERE stream_id = ?');
  const findByKey = db.prepare<[string], { position: number; content_hash: string }>('SELECT position, content_hash FROM events WHERE dedupe_key = ?');
  const insert = db.prepare(
    `INSERT INTO events (stream_id, revision, kind, producer, type, dedupe_key, content_hash, recorded_at, event)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (dedupe_key) DO NOTHING`,
  );

  const appendOne = db.transaction((append: WireAppend): AppendResult => {
    const actual = currentRevision.get(append.streamId)?.revision ?? -1;
    if (!revisionMatches(append.expectedRevision, actual)) {
      throw new AppendRefused({ name: 'ExpectedRevisionConflictError', streamId: append.streamId, expected: append.expectedRevision, actual });
    }
    const recordedAt = new Date().toISOString();
    const positions: number[] = [];
    let revision = actual;
    let duplicates = 0;
    let lastPosition = 0;
    for (const event of append.events) {
      const info = insert.run(append.streamId, revision + 1, event.kind, event.producer, event.type, event.dedupeKey, event.contentHash, recordedAt, event.json);
      if (info.changes === 1) {
        revision += 1;
        lastPosition = Number(info.lastInsertRowid);
        positions.push(lastPosition);
        continue;
      }
      // the key is taken: a retry of the same event (accepted, stored once) or a different event (refused)
      const stored = findByKey.get(event.dedupeKey)!;
      if (stored.content_hash !== event.contentHash) throw new AppendRefused({ name: 'DuplicateEventConflictError', dedupeKey: event.dedupeKey });
      duplicates += 1;
      lastPosition = Math.max(lastPosition, stored.position);
    }
    return { nextRevision: revision, positions, duplicates, lastPosition };
  });

  return db.transaction((appends: WireAppend[]) =>
    appends.map((append): WireOutcome => {
      try {
        return { ok: true, result: appendOne(append) };
      } catch (error) {
        return { ok: false, error: error instanceof AppendRefused ? error.wire : { name: 'Error', message: String((error as Error).message) } };
      }
    }),
  );
}
