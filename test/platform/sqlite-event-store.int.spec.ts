import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'chai';
import { contentHash } from '../../src/platform/event-store/event-identity';
import { DuplicateEventConflictError, ExpectedRevisionConflictError, type NewEvent } from '../../src/platform/event-store/event-store';
import { openSqliteEventStore } from '../../src/platform/event-store/sqlite-event-store';
import { groupCommitter, logHead, openLogForWriting, toWireRuns } from '../../src/platform/event-store/sqlite-log-schema';
import { eventStoreContract } from './event-store.contract';

const directory = mkdtempSync(join(tmpdir(), 'egov-events-'));

eventStoreContract(
  'embedded SQLite',
  async () => openSqliteEventStore(join(directory, 'contract.sqlite')),
  async () => rmSync(directory, { recursive: true, force: true }),
);

describe('embedded SQLite event store', () => {
  let fileDirectory: string;
  beforeEach(() => {
    fileDirectory = mkdtempSync(join(tmpdir(), 'egov-events-'));
  });
  afterEach(() => rmSync(fileDirectory, { recursive: true, force: true }));

  const newEvent = (): NewEvent => ({
    event: { specversion: '1.0', id: randomUUID(), source: 'urn:test:sqlite', type: 'md.gov.test.v1', time: new Date().toISOString() },
    producer: 'tester',
  });

  it('keeps the log in its file across close and reopen', async () => {
    const path = join(fileDirectory, 'events.sqlite');
    const first = openSqliteEventStore(path);
    const events = [newEvent(), newEvent()];
    const written = await first.append('order-1', events);
    await first.close();

    const reopened = openSqliteEventStore(path);
    try {
      expect(await reopened.headPosition()).to.equal(written.lastPosition);
      expect((await reopened.readStream('order-1')).map((stored) => stored.event)).to.deep.equal(events.map((e) => e.event));
      const again = await reopened.append('order-1', [events[0], newEvent()], { expectedRevision: 1 });
      expect(again).to.include({ duplicates: 1, nextRevision: 2 });
      expect(again.positions[0]).to.equal(written.lastPosition + 1);
    } finally {
      await reopened.close();
    }
  });

  it('commits the appends issued in one turn of the event loop as one group', async () => {
    const store = openSqliteEventStore(join(fileDirectory, 'events.sqlite'));
    try {
      await store.append('warm-up', [newEvent()]);
      const notifications: number[] = [];
      store.onAppended((head) => notifications.push(head));

      const appends = Array.from({ length: 50 }, (_, index) => store.append(`stream-${index % 5}`, [newEvent()]));
      const stale = store.append('warm-up', [newEvent()], { expectedRevision: 7 });
      const results = await Promise.all(appends);
      expect(await stale.then(() => 'appended', (error: unknown) => error)).to.be.instanceOf(ExpectedRevisionConflictError);

      const positions = results.map((result) => result.positions[0]);
      expect(positions).to.deep.equal(positions.map((_, index) => positions[0] + index));
      expect(notifications).to.deep.equal([positions[positions.length - 1]]);
    } finally {
      await store.close();
    }
  });

  it('fails the whole group, writing nothing, when an append meets an error that is not a conflict', () => {
    const db = openLogForWriting(join(fileDirectory, 'events.sqlite'));
    try {
      const commitGroup = groupCommitter(db);
      const broken = newEvent();
      // a key whose run is missing: the writer cannot read the stored event to compare a retry with it
      db.prepare('INSERT INTO event_keys (dedupe_key, position) VALUES (?, 99)').run(`${broken.event.source}\n${broken.event.id}`);
      const append = (events: NewEvent[]) => ({ streamId: 'order-1', expectedRevision: 'any' as const, runs: toWireRuns(events) });

      expect(() => commitGroup([append([newEvent()]), append([broken]), append([newEvent(), newEvent()])])).to.throw();
      expect(logHead(db)).to.equal(0);
      expect(db.prepare('SELECT COUNT(*) AS keys FROM event_keys').get()).to.deep.equal({ keys: 1 });

      const after = commitGroup([append([newEvent()])]);
      expect(after.head).to.equal(1);
      expect(after.outcomes).to.deep.equal([{ ok: true, result: { nextRevision: 0, positions: [1], duplicates: 0, lastPosition: 1 } }]);
    } finally {
      db.close();
    }
  });

  it('opens a log written a row per event by an earlier version: same positions, still known by content', async () => {
    const path = join(fileDirectory, 'events.sqlite');
    const earlier = new Database(path);
    earlier.exec(`CREATE TABLE events (position INTEGER PRIMARY KEY, stream_id TEXT NOT NULL, revision INTEGER NOT NULL,
      kind TEXT NOT NULL, producer TEXT NOT NULL, type TEXT NOT NULL, dedupe_key TEXT NOT NULL, content_hash TEXT NOT NULL,
      recorded_at TEXT NOT NULL, event TEXT NOT NULL, UNIQUE (stream_id, revision), UNIQUE (dedupe_key));
      CREATE INDEX events_by_kind ON events (kind, position); CREATE INDEX events_by_type ON events (type, position);`);
    const old = newEvent();
    earlier
      .prepare('INSERT INTO events (position, stream_id, revision, kind, producer, type, dedupe_key, content_hash, recorded_at, event) VALUES (7, ?, 0, ?, ?, ?, ?, ?, ?, ?)')
      .run('order-1', 'standard', 'tester', old.event.type, `${old.event.source}\n${old.event.id}`, contentHash(old.event), old.event.time, JSON.stringify(old.event));
    earlier.close();

    const store = openSqliteEventStore(path);
    try {
      const [migrated] = await store.readAll({ after: 0, limit: 10 });
      expect(migrated).to.deep.include({ position: 7, streamId: 'order-1', revision: 0, kind: 'standard', producer: 'tester', event: old.event });
      expect((await store.append('order-1', [old])).duplicates).to.equal(1);
      const changed = { ...old, event: { ...old.event, subject: 'changed' } };
      expect(await store.append('order-1', [changed]).catch((error: unknown) => error)).to.be.instanceOf(DuplicateEventConflictError);
      const next = await store.append('order-1', [{ ...newEvent(), kind: 'test' }]);
      expect(next.positions).to.deep.equal([8]);
      expect((await store.readAll({ after: 0, limit: 10, filter: { kinds: ['test'] } })).map((stored) => stored.revision)).to.deep.equal([1]);
      expect((await store.readAll({ after: 0, limit: 10, filter: { types: [old.event.type] } })).map((stored) => stored.position)).to.deep.equal([7, 8]);
    } finally {
      await store.close();
    }
    const reopened = new Database(path, { readonly: true });
    const tables = reopened.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'").all().map((row) => row.name);
    reopened.close();
    expect(tables).to.include('event_runs').and.not.include('events');
  });
});
