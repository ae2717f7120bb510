import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { ExpectedRevisionConflictError, type NewEvent } from '../../src/platform/event-store/event-store';
import { openSqliteEventStore } from '../../src/platform/event-store/sqlite-event-store';
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
});
