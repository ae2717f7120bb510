import { expect } from 'chai';
import { LogTail } from '../../src/exchange/log-tail';
import { readLogBatch, type EventKind, type NewEvent } from '../../src/platform/event-store/event-store';
import { freshEmbeddedStores } from '../support/embedded-stores';

const KINDS: EventKind[] = ['standard', 'test', 'dead'];
const ANY_SIZE = Number.POSITIVE_INFINITY;

function newEvent(id: string, kind: EventKind): NewEvent {
  return {
    event: { specversion: '1.0', id, source: 'urn:t', type: 'demo.t', time: '2026-01-01T00:00:00Z', data: { id } },
    producer: 'p',
    kind,
    dedupeKey: kind === 'standard' ? undefined : `${kind}\n${id}`,
  };
}

describe('LogTail: the newest events of the log, read once for every lane (integration, embedded log)', () => {
  const stores = freshEmbeddedStores('log-tail-');

  /** Appends `count` events of mixed kinds in runs of 1 to 3; the tail is told after each append. */
  async function appendMixed(tail: LogTail, count: number, tag: string) {
    for (let made = 0; made < count; ) {
      const run = Math.min(1 + (made % 3), count - made);
      const kind = KINDS[made % KINDS.length];
      await stores.events.append(`s-${tag}-${made}`, Array.from({ length: run }, (_, index) => newEvent(`${tag}-${made + index}`, kind)));
      tail.appended();
      made += run;
    }
  }

  it('answers a read from its start on exactly as the log does, for every kind, start and limits', async () => {
    await appendMixed(new LogTail(stores.events), 5, 'before');
    const tail = new LogTail(stores.events, 1_000);
    await tail.start();
    const start = await stores.events.headPosition();
    await appendMixed(tail, 40, 'after');
    const head = await stores.events.headPosition();
    for (const kind of KINDS) {
      for (let after = start; after <= head; after += 1) {
        for (const limit of [1, 2, 5, 1_000]) {
          for (const maxSize of [Number.POSITIVE_INFINITY, 1, 400]) {
            const fromTail = await tail.read(after, limit, maxSize, kind);
            const fromLog = await readLogBatch(stores.events, { after, limit, maxSize, filter: { kinds: [kind] } });
            expect(fromTail, `${kind} after ${after} limit ${limit} maxSize ${maxSize}`).to.deep.equal(fromLog);
          }
        }
      }
    }
  });

  it('sends a read from before its start, or before what it still keeps, to the log (null)', async () => {
    await appendMixed(new LogTail(stores.events), 3, 'before');
    const tail = new LogTail(stores.events, 10);
    expect(await tail.read(0, 10, ANY_SIZE, 'standard'), 'before start()').to.equal(null);
    await tail.start();
    const start = await stores.events.headPosition();
    expect(await tail.read(start - 1, 10, ANY_SIZE, 'standard')).to.equal(null);
    await appendMixed(tail, 9, 'some');
    expect(await tail.read(start, 100, ANY_SIZE, 'standard')).to.not.equal(null);
    await appendMixed(tail, 6, 'more'); // 15 since its start: the oldest 5 are no longer kept
    expect(await tail.read(start, 100, ANY_SIZE, 'standard')).to.equal(null);
    const kept = await tail.read(start + 5, 100, ANY_SIZE, 'standard');
    expect(kept).to.deep.equal(await readLogBatch(stores.events, { after: start + 5, limit: 100, filter: { kinds: ['standard'] } }));
  });

  it('tells whether the log may hold events of a kind after a position, as far as it has read', async () => {
    const tail = new LogTail(stores.events, 10);
    expect(tail.mayHoldAfter(0, 'test'), 'before start()').to.equal(true);
    await tail.start();
    const start = await stores.events.headPosition();
    await stores.events.append('s-standard', [newEvent('only-standard', 'standard')]);
    tail.appended();
    await tail.catchUp();
    expect(tail.mayHoldAfter(start, 'standard')).to.equal(true);
    expect(tail.mayHoldAfter(start, 'test')).to.equal(false);
    expect(tail.mayHoldAfter(start + 1, 'standard')).to.equal(false);
    expect(tail.mayHoldAfter(start - 1, 'test'), 'a position before its start').to.equal(true);
    await stores.events.append('s-test', [newEvent('a-test', 'test')]);
    tail.appended();
    await tail.catchUp();
    expect(tail.mayHoldAfter(start + 1, 'test')).to.equal(true);
  });

  it('tells the types of a kind after a position, how far it has read, and whether it read all it was told of', async () => {
    const tail = new LogTail(stores.events, 10);
    await tail.start();
    const start = await stores.events.headPosition();
    const typed = (id: string, type: string, kind: EventKind): NewEvent => ({ ...newEvent(id, kind), event: { ...newEvent(id, kind).event, type } });
    await stores.events.append('s-types', [typed('t-1', 'demo.a', 'standard'), typed('t-2', 'demo.b', 'standard'), typed('t-3', 'demo.c', 'test')]);
    tail.appended();
    expect(tail.upToDate(), 'told of an append it has not read').to.equal(false);
    await tail.catchUp();
    expect(tail.upToDate()).to.equal(true);
    expect(tail.readUpTo()).to.equal(start + 3);
    expect([...tail.typesAfter(start, 'standard')!]).to.deep.equal(['demo.a', 'demo.b']);
    expect([...tail.typesAfter(start + 1, 'standard')!]).to.deep.equal(['demo.b']);
    expect([...tail.typesAfter(start, 'test')!]).to.deep.equal(['demo.c']);
    expect([...tail.typesAfter(start + 3, 'standard')!]).to.deep.equal([]);
    expect(tail.typesAfter(start - 1, 'standard'), 'a position before its start').to.equal(null);
  });

  it('starts again at the head when more arrived at once than it keeps', async () => {
    const tail = new LogTail(stores.events, 10);
    await tail.start();
    await stores.events.append('s-burst', Array.from({ length: 25 }, (_, index) => newEvent(`burst-${index}`, 'standard')));
    tail.appended();
    const head = await stores.events.headPosition();
    expect(await tail.read(head - 1, 10, ANY_SIZE, 'standard')).to.equal(null);
    expect(await tail.read(head, 10, ANY_SIZE, 'standard')).to.deep.equal({ events: [], size: 0, nextAfter: head, full: false });
    await stores.events.append('s-next', [newEvent('next', 'standard')]);
    tail.appended();
    const read = await tail.read(head, 10, ANY_SIZE, 'standard');
    expect(read?.events.map((stored) => stored.event.id)).to.deep.equal(['next']);
  });

  it('keeps events up to its greatest total size, and starts again at the head when more arrived at once', async () => {
    const large = (id: string): NewEvent => ({ ...newEvent(id, 'standard'), event: { ...newEvent(id, 'standard').event, data: { pad: 'x'.repeat(10_000) } } });
    const tail = new LogTail(stores.events, 1_000, 35_000);
    await tail.start();
    const start = await stores.events.headPosition();
    for (let index = 0; index < 5; index += 1) {
      await stores.events.append(`s-large-${index}`, [large(`large-${index}`)]);
      tail.appended();
      await tail.catchUp();
    }
    // some 10,200 characters each: the newest three fit, the oldest two were let go
    expect(await tail.read(start + 1, 100, ANY_SIZE, 'standard')).to.equal(null);
    const kept = await tail.read(start + 2, 100, ANY_SIZE, 'standard');
    expect(kept?.events.map((stored) => stored.event.id)).to.deep.equal(['large-2', 'large-3', 'large-4']);

    await stores.events.append('s-large-burst', [large('burst-1'), large('burst-2'), large('burst-3'), large('burst-4')]);
    tail.appended();
    const head = await stores.events.headPosition();
    expect(await tail.read(head - 1, 100, ANY_SIZE, 'standard')).to.equal(null);
    expect(await tail.read(head, 100, ANY_SIZE, 'standard')).to.deep.equal({ events: [], size: 0, nextAfter: head, full: false });
  });
});
