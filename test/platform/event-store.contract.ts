import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import {
  DuplicateEventConflictError,
  ExpectedRevisionConflictError,
  type CloudEventRecord,
  type EventKind,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
} from '../../src/platform/event-store/event-store';

const TESTED = 'md.gov.contract.tested.v1';
const OTHER = 'md.gov.contract.other.v1';

/**
 * What every event store adapter must do, run by one spec per adapter. Streams, sources and ids are
 * unique per test, so the suite can run against a shared server that already holds other events.
 */
export function eventStoreContract(name: string, open: () => Promise<EventStore>, cleanup?: () => Promise<void>) {
  describe(`event store contract: ${name}`, () => {
    const run = randomUUID().slice(0, 8);
    const source = `urn:contract:${run}`;
    let store: EventStore;
    let prefix: string;

    const streamName = (label = 'stream') => `${prefix}${label}-${randomUUID().slice(0, 8)}`;
    const cloudEvent = (overrides: Partial<CloudEventRecord> = {}): CloudEventRecord => ({
      specversion: '1.0',
      id: randomUUID(),
      source,
      type: TESTED,
      time: new Date().toISOString(),
      data: { value: Math.random() },
      ...overrides,
    });
    const newEvent = (overrides: Partial<CloudEventRecord> = {}, kind?: EventKind): NewEvent => ({
      event: cloudEvent(overrides),
      producer: 'contract-producer',
      kind,
    });
    const appendNew = (streamId: string, count: number, expectedRevision?: ExpectedRevision) =>
      store.append(streamId, Array.from({ length: count }, () => newEvent()), { expectedRevision });
    const rejection = async (promise: Promise<unknown>): Promise<unknown> =>
      promise.then(
        () => expect.fail('expected the promise to be rejected'),
        (error: unknown) => error,
      );

    before(async () => {
      store = await open();
    });
    beforeEach(() => {
      prefix = `contract-${run}-${randomUUID().slice(0, 8)}-`;
    });
    after(async () => {
      await store?.close();
      await cleanup?.();
    });

    describe('health', () => {
      it('resolves checkHealth while the log can take appends, before and after one', async () => {
        await store.checkHealth();
        await appendNew(streamName(), 1);
        await store.checkHealth();
      });
    });

    describe('streams and revisions', () => {
      it('reads a stream that does not exist as empty', async () => {
        expect(await store.readStream(streamName())).to.deep.equal([]);
      });

      it('numbers a new stream from revision 0 and reads it back in order', async () => {
        const streamId = streamName();
        const events = [newEvent(), newEvent(), newEvent()];
        const result = await store.append(streamId, events);
        expect(result.nextRevision).to.equal(2);
        expect(result.duplicates).to.equal(0);
        const stored = await store.readStream(streamId);
        expect(stored.map((event) => event.revision)).to.deep.equal([0, 1, 2]);
        expect(stored.map((event) => event.event)).to.deep.equal(events.map((event) => event.event));
        expect(stored.map((event) => event.position)).to.deep.equal(result.positions);
        for (const event of stored) {
          expect(event).to.include({ streamId, kind: 'standard', producer: 'contract-producer' });
          expect(new Date(event.recordedAt).toISOString()).to.equal(event.recordedAt);
        }
      });

      it('continues the revisions of an existing stream and reads from a revision', async () => {
        const streamId = streamName();
        await appendNew(streamId, 2);
        const result = await appendNew(streamId, 2);
        expect(result.nextRevision).to.equal(3);
        const tail = await store.readStream(streamId, { fromRevision: 2 });
        expect(tail.map((event) => event.revision)).to.deep.equal([2, 3]);
      });

      it('reads at most limit events of a stream, also from the middle of one append', async () => {
        const streamId = streamName();
        await appendNew(streamId, 3);
        await appendNew(streamId, 3);
        expect((await store.readStream(streamId, { limit: 2 })).map((event) => event.revision)).to.deep.equal([0, 1]);
        expect((await store.readStream(streamId, { fromRevision: 1, limit: 3 })).map((event) => event.revision)).to.deep.equal([1, 2, 3]);
        expect((await store.readStream(streamId, { fromRevision: 4, limit: 10 })).map((event) => event.revision)).to.deep.equal([4, 5]);
      });

      it('answers revision -1 for an empty append to a new stream', async () => {
        const result = await store.append(streamName(), []);
        expect(result).to.deep.equal({ nextRevision: -1, positions: [], duplicates: 0, lastPosition: 0 });
      });

      it('keeps the kind and producer of each event', async () => {
        const streamId = streamName();
        await store.append(streamId, [newEvent({}, 'test'), { ...newEvent({}, 'dead'), producer: 'someone-else' }]);
        const stored = await store.readStream(streamId);
        expect(stored.map((event) => [event.kind, event.producer])).to.deep.equal([
          ['test', 'contract-producer'],
          ['dead', 'someone-else'],
        ]);
      });
    });

    describe('expected revision', () => {
      it('appends when a numeric expected revision matches', async () => {
        const streamId = streamName();
        await appendNew(streamId, 1);
        const result = await appendNew(streamId, 1, 0);
        expect(result.nextRevision).to.equal(1);
      });

      it('refuses a stale numeric expected revision and writes nothing', async () => {
        const streamId = streamName();
        await appendNew(streamId, 2);
        const error = await rejection(appendNew(streamId, 1, 0));
        expect(error).to.be.instanceOf(ExpectedRevisionConflictError);
        expect(error).to.include({ streamId, expected: 0, actual: 1 });
        expect(await store.readStream(streamId)).to.have.length(2);
      });

      it("'no_stream' appends to a new stream and refuses an existing one", async () => {
        const streamId = streamName();
        expect((await appendNew(streamId, 1, 'no_stream')).nextRevision).to.equal(0);
        const error = await rejection(appendNew(streamId, 1, 'no_stream'));
        expect(error).to.be.instanceOf(ExpectedRevisionConflictError);
        expect(error).to.include({ expected: 'no_stream', actual: 0 });
      });

      it("'stream_exists' refuses a new stream and appends to an existing one", async () => {
        const streamId = streamName();
        const error = await rejection(appendNew(streamId, 1, 'stream_exists'));
        expect(error).to.be.instanceOf(ExpectedRevisionConflictError);
        expect(error).to.include({ expected: 'stream_exists', actual: -1 });
        expect(await store.readStream(streamId)).to.deep.equal([]);
        await appendNew(streamId, 1);
        expect((await appendNew(streamId, 1, 'stream_exists')).nextRevision).to.equal(1);
      });

      it("'any' appends to new and existing streams", async () => {
        const streamId = streamName();
        expect((await appendNew(streamId, 1, 'any')).nextRevision).to.equal(0);
        expect((await appendNew(streamId, 1, 'any')).nextRevision).to.equal(1);
      });
    });

    describe('the global log', () => {
      it('gives every event a position, strictly increasing in append order', async () => {
        const first = await appendNew(streamName('a'), 3);
        const second = await appendNew(streamName('b'), 2);
        const positions = [...first.positions, ...second.positions];
        expect(positions).to.have.length(5);
        positions.forEach((position, index) => {
          expect(position).to.be.a('number').and.greaterThan(index === 0 ? 0 : positions[index - 1]);
        });
        expect(first.lastPosition).to.equal(first.positions[2]);
        expect(second.lastPosition).to.equal(second.positions[1]);
      });

      it('reads the log in position order after a position, up to a limit', async () => {
        const start = await store.headPosition();
        const first = await appendNew(streamName('a'), 2);
        const second = await appendNew(streamName('b'), 2);
        const all = await store.readAll({ after: start, limit: 100, filter: { streamPrefix: prefix } });
        expect(all.map((event) => event.position)).to.deep.equal([...first.positions, ...second.positions]);
        const afterFirst = await store.readAll({ after: first.positions[0], limit: 2, filter: { streamPrefix: prefix } });
        expect(afterFirst.map((event) => event.position)).to.deep.equal([first.positions[1], second.positions[0]]);
        expect(afterFirst[0]).to.deep.equal(all[1]);
      });

      it('filters the log by kind, type and stream prefix', async () => {
        const start = await store.headPosition();
        const testStream = streamName('kinds');
        await store.append(streamName('kinds'), [newEvent({}, 'standard'), newEvent({ type: OTHER }, 'standard')]);
        await store.append(testStream, [newEvent({}, 'test')]);
        await store.append(streamName('kinds'), [newEvent({ type: OTHER }, 'dead')]);
        const read = (filter: object) => store.readAll({ after: start, limit: 100, filter: { streamPrefix: prefix, ...filter } });

        expect((await read({})).map((event) => event.kind)).to.deep.equal(['standard', 'standard', 'test', 'dead']);
        expect((await read({ kinds: ['test'] })).map((event) => event.streamId)).to.deep.equal([testStream]);
        expect((await read({ kinds: ['standard', 'dead'] })).map((event) => event.kind)).to.deep.equal(['standard', 'standard', 'dead']);
        expect((await read({ types: [OTHER] })).map((event) => event.kind)).to.deep.equal(['standard', 'dead']);
        expect(await read({ types: [OTHER], kinds: ['test'] })).to.deep.equal([]);
        const byStream = await store.readAll({ after: start, limit: 100, filter: { streamPrefix: testStream } });
        expect(byStream.map((event) => event.streamId)).to.deep.equal([testStream]);
      });

      it('reads from the middle of one append: after a position, from a revision, by type', async () => {
        const streamId = streamName();
        const types = [TESTED, OTHER, TESTED, OTHER, TESTED];
        const result = await store.append(streamId, types.map((type) => newEvent({ type })));
        const [, second, third, fourth, fifth] = result.positions;
        const read = (after: number, limit: number, filter: object = {}) =>
          store.readAll({ after, limit, filter: { streamPrefix: prefix, ...filter } }).then((events) => events.map((event) => event.position));
        expect(await read(second, 2)).to.deep.equal([third, fourth]);
        expect(await read(second, 1, { types: [TESTED] })).to.deep.equal([third]);
        expect(await read(third, 10, { types: [OTHER] })).to.deep.equal([fourth]);
        expect(await read(fourth, 10, { types: [TESTED, OTHER] })).to.deep.equal([fifth]);
        const tail = await store.readStream(streamId, { fromRevision: 3 });
        expect(tail.map((event) => [event.revision, event.position, event.event.type])).to.deep.equal([
          [3, fourth, OTHER],
          [4, fifth, TESTED],
        ]);
      });

      it('tells how large each event is, and stops a read at the event that reaches maxSize', async () => {
        const streamId = streamName();
        const padded = (characters: number) => newEvent({ data: { pad: 'x'.repeat(characters) } });
        // separate appends: on the embedded log, events of one append share their run's size
        const positions: number[] = [];
        for (const characters of [10_000, 10_000, 30_000, 10]) positions.push(...(await store.append(streamId, [padded(characters)])).positions);
        const read = (after: number, maxSize?: number, filter: object = {}) =>
          store.readAll({ after, limit: 100, maxSize, filter: { streamPrefix: prefix, ...filter } });

        const all = await read(positions[0] - 1);
        expect(all.map((stored) => stored.position)).to.deep.equal(positions);
        for (const [index, stored] of all.entries()) {
          expect(stored.size).to.be.within(JSON.stringify(stored.event).length - 5, JSON.stringify(stored.event).length + 50, `event ${index}`);
        }
        const positionsOf = (events: { position: number }[]) => events.map((stored) => stored.position);
        expect(positionsOf(await read(positions[0] - 1, 15_000))).to.deep.equal(positions.slice(0, 2));
        expect(positionsOf(await read(positions[0] - 1, 20_000))).to.deep.equal(positions.slice(0, 2));
        expect(positionsOf(await read(positions[0] - 1, 21_000))).to.deep.equal(positions.slice(0, 3));
        // the first event comes whatever its size, and a filter's skipped events count for nothing
        expect(positionsOf(await read(positions[1], 1))).to.deep.equal([positions[2]]);
        expect(positionsOf(await read(positions[0] - 1, 1, { types: [TESTED] }))).to.deep.equal([positions[0]]);
        expect(positionsOf(await read(positions[2] - 1, 35_000, { types: [TESTED] }))).to.deep.equal(positions.slice(2));
        // a stream read stops the same way
        expect(positionsOf(await store.readStream(streamId, { maxSize: 15_000 }))).to.deep.equal(positions.slice(0, 2));
        expect(positionsOf(await store.readStream(streamId, { fromRevision: 1, maxSize: 1 }))).to.deep.equal([positions[1]]);
        expect(positionsOf(await store.readStream(streamId, { fromRevision: 2, limit: 5, maxSize: 31_000 }))).to.deep.equal(positions.slice(2));
      });

      it('reports a head position at or after the last append', async () => {
        const before = await store.headPosition();
        const result = await appendNew(streamName(), 2);
        const head = await store.headPosition();
        expect(head).to.be.at.least(result.lastPosition);
        expect(result.lastPosition).to.be.greaterThan(before);
        expect(await store.readAll({ after: head, limit: 10, filter: { streamPrefix: prefix } })).to.deep.equal([]);
      });

      it('calls onAppended listeners after an append, and no longer once unsubscribed', async () => {
        const seenByFirst: number[] = [];
        const seenBySecond: number[] = [];
        const stopFirst = store.onAppended((head) => seenByFirst.push(head));
        const stopSecond = store.onAppended((head) => seenBySecond.push(head));
        try {
          const first = await appendNew(streamName(), 1);
          await eventually(() => seenByFirst.some((head) => head >= first.lastPosition));
          stopFirst();
          const countBefore = seenByFirst.length;
          const second = await appendNew(streamName(), 1);
          await eventually(() => seenBySecond.some((head) => head >= second.lastPosition));
          expect(seenByFirst).to.have.length(countBefore);
        } finally {
          stopFirst();
          stopSecond();
        }
      });
    });

    describe('deduplication by source and id', () => {
      it('stores a retried event once, even when retried into another stream', async () => {
        const event = newEvent();
        const streamA = streamName('a');
        const streamB = streamName('b');
        const first = await store.append(streamA, [event]);
        const again = await store.append(streamA, [event]);
        expect(again).to.deep.equal({ nextRevision: 0, positions: [], duplicates: 1, lastPosition: first.positions[0] });
        const elsewhere = await store.append(streamB, [event, newEvent()]);
        expect(elsewhere.duplicates).to.equal(1);
        expect(elsewhere.positions).to.have.length(1);
        expect(await store.readStream(streamA)).to.have.length(1);
        expect((await store.readStream(streamB)).map((stored) => stored.revision)).to.deep.equal([0]);
      });

      it('stores the rest of a batch around a retried event, with consecutive revisions', async () => {
        const retried = newEvent();
        const streamId = streamName();
        const first = await store.append(streamId, [retried]);
        const [before, after] = [newEvent(), newEvent()];
        const result = await store.append(streamId, [before, retried, after]);
        expect(result).to.include({ nextRevision: 2, duplicates: 1 });
        expect(result.positions).to.have.length(2);
        expect(result.lastPosition).to.equal(result.positions[1]);
        const stored = await store.readStream(streamId);
        expect(stored.map((event) => [event.revision, event.event.id])).to.deep.equal([
          [0, retried.event.id],
          [1, before.event.id],
          [2, after.event.id],
        ]);
        expect(stored.map((event) => event.position)).to.deep.equal([first.positions[0], ...result.positions]);
      });

      it('refuses a different event under a used source and id, and writes nothing of that append', async () => {
        const original = newEvent();
        const streamId = streamName();
        await store.append(streamId, [original]);
        const innocent = newEvent();
        const impostor = newEvent({ id: original.event.id, data: { value: 'changed' } });
        const start = await store.headPosition();
        const error = await rejection(store.append(streamId, [innocent, impostor]));
        expect(error).to.be.instanceOf(DuplicateEventConflictError);
        expect((error as DuplicateEventConflictError).eventIndex, 'which event of the append').to.equal(1);
        expect(await store.readStream(streamId)).to.have.length(1);
        expect(await store.readAll({ after: start, limit: 10, filter: { streamPrefix: prefix } })).to.deep.equal([]);
        const later = await store.append(streamId, [innocent]);
        expect(later).to.include({ nextRevision: 1, duplicates: 0 });
      });

      it('stores two copies inside one append once', async () => {
        const event = newEvent();
        const streamId = streamName();
        const result = await store.append(streamId, [event, newEvent(), event]);
        expect(result).to.include({ nextRevision: 1, duplicates: 1 });
        expect(result.positions).to.have.length(2);
        expect(await store.readStream(streamId)).to.have.length(2);
      });

      it('refuses two different events under one key inside one append', async () => {
        const event = newEvent();
        const streamId = streamName();
        const error = await rejection(store.append(streamId, [event, newEvent({ id: event.event.id, type: OTHER })]));
        expect(error).to.be.instanceOf(DuplicateEventConflictError);
        expect((error as DuplicateEventConflictError).eventIndex).to.equal(1);
        expect(await store.readStream(streamId)).to.deep.equal([]);
      });

      it('takes the key and content hash from the event when given', async () => {
        const streamId = streamName();
        const dedupeKey = `custom-${randomUUID()}`;
        await store.append(streamId, [{ ...newEvent(), dedupeKey, contentHash: 'h1' }]);
        const retry = await store.append(streamId, [{ ...newEvent(), dedupeKey, contentHash: 'h1' }]);
        expect(retry.duplicates).to.equal(1);
        const error = await rejection(store.append(streamId, [{ ...newEvent(), dedupeKey, contentHash: 'h2' }]));
        expect(error).to.be.instanceOf(DuplicateEventConflictError);
        const event = newEvent();
        await store.append(streamId, [event]);
        const underOtherKey = await store.append(streamId, [{ ...event, dedupeKey: `other-${randomUUID()}` }]);
        expect(underOtherKey.duplicates).to.equal(0);
        expect(await store.readStream(streamId)).to.have.length(3);
      });

      it('sets the filled-in attributes aside when it compares a retry with the stored event', async () => {
        const streamId = streamName();
        const sent = newEvent();
        await store.append(streamId, [{ ...sent, filledIn: ['time'] }]);
        const laterDefault = { ...sent.event, time: new Date(Date.parse(sent.event.time) + 5_000).toISOString() };
        const retry = await store.append(streamId, [{ ...sent, event: laterDefault, filledIn: ['time'] }]);
        expect(retry.duplicates).to.equal(1);
        const reordered = Object.fromEntries(Object.entries(laterDefault).reverse()) as typeof laterDefault;
        expect((await store.append(streamId, [{ ...sent, event: reordered, filledIn: ['time'] }])).duplicates).to.equal(1);
        // the producer now names a time itself: a different event from the one it sent without one
        const error = await rejection(store.append(streamId, [{ ...sent, event: laterDefault }]));
        expect(error).to.be.instanceOf(DuplicateEventConflictError);
        expect(await store.readStream(streamId)).to.have.length(1);
      });

      it('does not keep the keys of an append refused for its expected revision', async () => {
        const streamId = streamName();
        await appendNew(streamId, 1);
        const events = [newEvent(), newEvent()];
        expect(await rejection(store.append(streamId, events, { expectedRevision: 5 }))).to.be.instanceOf(
          ExpectedRevisionConflictError,
        );
        const result = await store.append(streamId, events, { expectedRevision: 0 });
        expect(result).to.include({ nextRevision: 2, duplicates: 0 });
      });
    });

    describe('concurrency', () => {
      it("lands concurrent 'any' appends to one stream with unique consecutive revisions", async () => {
        const streamId = streamName();
        const results = await Promise.all(Array.from({ length: 20 }, () => appendNew(streamId, 1, 'any')));
        expect(results.map((result) => result.nextRevision).sort((a, b) => a - b)).to.deep.equal([...Array(20).keys()]);
        const stored = await store.readStream(streamId);
        expect(stored.map((event) => event.revision)).to.deep.equal([...Array(20).keys()]);
        expect(new Set(stored.map((event) => event.event.id)).size).to.equal(20);
      });

      it('lets exactly one of concurrent appends with the same expected revision win', async () => {
        const streamId = streamName();
        await appendNew(streamId, 1);
        const attempts = Array.from({ length: 10 }, () => [newEvent()]);
        const outcomes = await Promise.allSettled(attempts.map((events) => store.append(streamId, events, { expectedRevision: 0 })));
        const won = outcomes.filter((outcome) => outcome.status === 'fulfilled');
        const lost = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
        expect(won).to.have.length(1);
        expect(lost).to.have.length(9);
        for (const error of lost) expect(error).to.be.instanceOf(ExpectedRevisionConflictError);
        expect(await store.readStream(streamId)).to.have.length(2);

        const losers = attempts.filter((_, index) => outcomes[index].status === 'rejected');
        for (const events of losers) expect((await store.append(streamId, events)).duplicates).to.equal(0);
        expect(await store.readStream(streamId)).to.have.length(11);
      });
    });
  });
}

async function eventually(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
