import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'chai';
import { contentHash } from '../../src/platform/event-store/event-identity';
import { DuplicateEventConflictError, ExpectedRevisionConflictError, type NewEvent } from '../../src/platform/event-store/event-store';
import { openSqliteEventStore } from '../../src/platform/event-store/sqlite-event-store';
import { groupCommitter } from '../../src/platform/event-store/group-committer';
import { logHead, openLogForWriting } from '../../src/platform/event-store/sqlite-log-schema';
import { packCommit, toWireRuns, unpackCommit } from '../../src/platform/event-store/sqlite-log-wire';
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

  it("stores a run as its events' JSON texts when every event came with one, and serializes any other run", async () => {
    const path = join(fileDirectory, 'events.sqlite');
    const store = openSqliteEventStore(path);
    const withText = (event: NewEvent) => ({ ...event, json: JSON.stringify(event.event, null, 1).replace('md.gov.test.v1', 'md.gov.test\\u002ev1') });
    const asSent = [withText(newEvent()), withText(newEvent())];
    const mixed = [withText(newEvent()), newEvent()];
    await store.append('order-1', asSent);
    await store.append('order-1', mixed);
    expect((await store.readStream('order-1')).map((stored) => stored.event)).to.deep.equal([...asSent, ...mixed].map((appended) => appended.event));
    await store.close();
    const db = new Database(path, { readonly: true });
    try {
      const runs = db.prepare<[], { events: string }>('SELECT events FROM event_runs ORDER BY last_position').all();
      expect(runs.map((run) => run.events)).to.deep.equal([`[${asSent[0].json},${asSent[1].json}]`, JSON.stringify(mixed.map((appended) => appended.event))]);
    } finally {
      db.close();
    }
  });

  it("stores an append as the appender's text of all its events when it gives one, trimmed, merged or not", async () => {
    const path = join(fileDirectory, 'events.sqlite');
    const store = openSqliteEventStore(path);
    const batch = [newEvent(), newEvent()];
    const one = newEvent();
    const batchJson = ` \n${JSON.stringify(batch.map((appended) => appended.event), null, 2)}\r\n`;
    // issued in one turn: the batch of one and the single event after it are committed as one run
    await Promise.all([
      store.append('order-1', batch, { json: batchJson }),
      store.append('order-1', [one], { json: `\t[ ${JSON.stringify(one.event)} ] ` }),
      store.append('order-1', [newEvent()]),
    ]);
    const stored = await store.readStream('order-1');
    expect(stored.map((event) => event.event)).to.have.length(4);
    expect(stored.slice(0, 3).map((event) => event.event)).to.deep.equal([...batch, one].map((appended) => appended.event));
    await store.close();
    const db = new Database(path, { readonly: true });
    try {
      const runs = db.prepare<[], { events: string }>('SELECT events FROM event_runs ORDER BY last_position').all();
      expect(runs).to.have.length(2);
      expect(runs[0].events).to.equal(batchJson.trim());
    } finally {
      db.close();
    }
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

  it('sends an append of some fifty events or more to the writer at once, not at the end of the turn', async () => {
    const path = join(fileDirectory, 'events.sqlite');
    const store = openSqliteEventStore(path);
    const reader = new Database(path, { readonly: true });
    try {
      await store.append('warm-up', [newEvent()]);
      const batch = Array.from({ length: 60 }, () => ({ ...newEvent(), event: { ...newEvent().event, data: { note: 'n'.repeat(600) } } }));
      const small = store.append('small', [newEvent()]);
      const large = store.append('large', batch);
      // this turn does not end until the large append is on disk: only a message sent now can get it there
      const runsOf = reader.prepare<[string], { runs: number }>('SELECT count(*) AS runs FROM event_runs WHERE stream_id = ?');
      const deadline = Date.now() + 10_000;
      while (runsOf.get('large')!.runs === 0 && Date.now() < deadline);
      expect(runsOf.get('large')!.runs, 'committed while the turn that appended it still ran').to.equal(1);
      expect(runsOf.get('small')!.runs, 'the small append before it went along').to.equal(1);
      await Promise.all([small, large]);
    } finally {
      reader.close();
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

  it('reads a stored run once to check a retried batch against it, not once per event', () => {
    const db = openLogForWriting(join(fileDirectory, 'events.sqlite'));
    const parse = JSON.parse;
    try {
      const commitGroup = groupCommitter(db);
      const batch = Array.from({ length: 2000 }, newEvent);
      const append = (events: NewEvent[]) => ({ streamId: 'order-1', expectedRevision: 'any' as const, runs: toWireRuns(events) });
      commitGroup([append(batch)]);
      const storedRun = (db.prepare('SELECT events FROM event_runs').get() as { events: string }).events;

      let parsesOfStoredRun = 0;
      JSON.parse = (text: string, reviver?: Parameters<typeof JSON.parse>[1]) => {
        if (text === storedRun) parsesOfStoredRun += 1;
        return parse(text, reviver);
      };
      const retry = commitGroup([append(batch), append([...batch.slice(0, 1000), newEvent()])]);
      JSON.parse = parse;

      expect(retry.outcomes.map((outcome) => outcome.ok && outcome.result.duplicates)).to.deep.equal([2000, 1000]);
      // once per append that met its keys, and once more as the first retry's own text, which is the same
      // (once per event before: 3,001)
      expect(parsesOfStoredRun).to.equal(3);
      expect(logHead(db)).to.equal(2001);
    } finally {
      JSON.parse = parse;
      db.close();
    }
  });

  it('hands a commit\'s outcomes to the main thread packed, and unpacks them to the same outcomes', () => {
    const db = openLogForWriting(join(fileDirectory, 'events.sqlite'));
    try {
      const commitGroup = groupCommitter(db);
      const append = (events: NewEvent[], expectedRevision: 'any' | number = 'any') => ({ streamId: 'order-1', expectedRevision, runs: toWireRuns(events) });
      const retried = newEvent();
      const other = { ...newEvent(), producer: 'other-client' };
      commitGroup([append([retried])]);

      const commit = commitGroup([append([newEvent(), retried, newEvent(), other]), append([retried]), append([newEvent()], 0), append([newEvent()])]);
      expect(commit.outcomes.map((outcome) => outcome.ok)).to.deep.equal([true, true, false, true]);
      expect(unpackCommit(structuredClone(packCommit(commit)))).to.deep.equal(commit);
      // positions the writer does not give today (not consecutive) still arrive as they were
      const gapped: typeof commit = { head: 9, outcomes: [{ ok: true, result: { nextRevision: 2, positions: [4, 7, 6], duplicates: 0, lastPosition: 7 } }] };
      expect(unpackCommit(structuredClone(packCommit(gapped)))).to.deep.equal(gapped);
    } finally {
      db.close();
    }
  });

  it('stores single events of one stream committed together as one run, each with its own position and revision', async () => {
    const path = join(fileDirectory, 'events.sqlite');
    const db = openLogForWriting(path);
    try {
      const commitGroup = groupCommitter(db);
      const single = (streamId: string, event: NewEvent) => ({ streamId, expectedRevision: 'any' as const, runs: toWireRuns([event]) });
      const events = Array.from({ length: 4 }, newEvent);
      const other = newEvent();
      const commit = commitGroup([single('order-1', events[0]), single('order-1', events[1]), single('order-2', other), single('order-1', events[2]), single('order-1', events[3])]);

      expect(commit.outcomes.map((outcome) => outcome.ok && outcome.result)).to.deep.equal([
        { nextRevision: 0, positions: [1], duplicates: 0, lastPosition: 1 },
        { nextRevision: 1, positions: [2], duplicates: 0, lastPosition: 2 },
        { nextRevision: 0, positions: [3], duplicates: 0, lastPosition: 3 },
        { nextRevision: 2, positions: [4], duplicates: 0, lastPosition: 4 },
        { nextRevision: 3, positions: [5], duplicates: 0, lastPosition: 5 },
      ]);
      const runs = db.prepare('SELECT stream_id, last_position, event_count FROM event_runs ORDER BY last_position').all();
      expect(runs).to.deep.equal([
        { stream_id: 'order-1', last_position: 2, event_count: 2 },
        { stream_id: 'order-2', last_position: 3, event_count: 1 },
        { stream_id: 'order-1', last_position: 5, event_count: 2 },
      ]);

      // a retry among them (stored once) and the same new key twice in one group: one by one, as before
      const fresh = newEvent();
      const conflicting = { ...fresh, event: { ...fresh.event, type: 'md.gov.other.v1' } };
      const mixed = commitGroup([single('order-1', newEvent()), single('order-1', events[1]), single('order-1', fresh), single('order-1', conflicting)]);
      expect(mixed.outcomes.map((outcome) => (outcome.ok ? outcome.result : outcome.error.name))).to.deep.equal([
        { nextRevision: 4, positions: [6], duplicates: 0, lastPosition: 6 },
        { nextRevision: 4, positions: [], duplicates: 1, lastPosition: 2 },
        { nextRevision: 5, positions: [7], duplicates: 0, lastPosition: 7 },
        'DuplicateEventConflictError',
      ]);
    } finally {
      db.close();
    }
    const store = openSqliteEventStore(path);
    try {
      const stream = await store.readStream('order-1');
      expect(stream.map((stored) => [stored.revision, stored.position])).to.deep.equal([[0, 1], [1, 2], [2, 4], [3, 5], [4, 6], [5, 7]]);
    } finally {
      await store.close();
    }
  });

  it('merges single events into runs of at most 64,000 characters, so a reader never parses a large run for one event', async () => {
    const path = join(fileDirectory, 'events.sqlite');
    const db = openLogForWriting(path);
    try {
      const commitGroup = groupCommitter(db);
      const sized = (characters: number) => {
        const event = newEvent();
        return { streamId: 'order-1', expectedRevision: 'any' as const, runs: toWireRuns([{ ...event, event: { ...event.event, data: { pad: 'x'.repeat(characters) } } }]) };
      };
      const commit = commitGroup([sized(30_000), sized(30_000), sized(30_000), sized(100_000), sized(10), sized(10)]);
      expect(commit.outcomes.every((outcome) => outcome.ok)).to.equal(true);
      const runs = db.prepare('SELECT last_position, event_count, length(events) AS chars FROM event_runs ORDER BY last_position').all() as { event_count: number; chars: number }[];
      expect(runs.map((run) => run.event_count)).to.deep.equal([2, 1, 1, 2]);
      expect(Math.max(...runs.filter((run) => run.event_count > 1).map((run) => run.chars))).to.be.below(64_000);
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
