import { expect } from 'chai';
import type { DocumentStore } from '../../src/platform/document-store/document-store';
import type { EventStore } from '../../src/platform/event-store/event-store';
import { createLogger } from '../../src/platform/logger';
import type { Projection } from '../../src/platform/projections/projection';
import { definitionOf, ProjectionRunner } from '../../src/platform/projections/projection-runner';
import { freshEmbeddedStores } from '../support/embedded-stores';

/** Counts events with $inc, so an event applied twice shows. */
const counter: Projection = {
  name: 'counter',
  streamPrefix: 'counted',
  eventTypes: ['counted.v1'],
  collections: ['counts'],
  async apply(_event, session) {
    await session.collection('counts').updateOne({ _id: 'all' }, { $inc: { count: 1 } }, { upsert: true });
  },
};

describe('ProjectionRunner on the embedded stores (integration, with injected failures)', () => {
  const stores = freshEmbeddedStores('projection-runner-');
  const logger = createLogger('silent');

  const append = async (count: number) => {
    for (let index = 0; index < count; index += 1) {
      await stores.events.append('counted', [{ producer: 'test', event: { specversion: '1.0', id: `c-${Math.random()}`, source: 'urn:test', type: 'counted.v1', time: new Date().toISOString() } }]);
    }
  };
  const countOf = async () => (await stores.documents.collection<{ _id: string; count: number }>('counts').findOne({ _id: 'all' }))?.count ?? 0;
  const run = async (store: DocumentStore, work: (runner: ProjectionRunner) => Promise<void>) => {
    const runner = new ProjectionRunner(stores.events, store, [counter], logger);
    await runner.start();
    try {
      await work(runner);
    } finally {
      await runner.stop();
    }
  };

  it('applies a batch once when its commit went through but reported a failure (MongoDB: unknown commit result)', async () => {
    let injected = false;
    const commitThenFail: DocumentStore = {
      ...stores.documents,
      async withTransaction(work) {
        const result = await stores.documents.withTransaction(work);
        if (injected) return result;
        injected = true;
        throw Object.assign(new Error('commit reply lost'), { errorLabels: ['UnknownTransactionCommitResult'] });
      },
    };
    await run(commitThenFail, async (runner) => {
      await append(1);
      await runner.waitFor(await stores.events.headPosition());
      await append(1);
      await runner.waitFor(await stores.events.headPosition());
    });
    expect(injected).to.equal(true);
    expect(await countOf()).to.equal(2);
  });

  it('starts a rebuild over at the next start when it stopped after dropping the collections', async () => {
    await append(5);
    await run(stores.documents, async (runner) => runner.waitFor(await stores.events.headPosition()));
    expect(await countOf()).to.equal(5);

    // the process dies once the first collection is dropped: nothing it writes after that lands
    let dead = false;
    const killed = async () => {
      throw new Error('process killed');
    };
    const dyingAfterDrop: DocumentStore = {
      ...stores.documents,
      collection: (name) => (dead ? new Proxy(stores.documents.collection(name), { get: () => killed }) : stores.documents.collection(name)),
      withTransaction: (work) => (dead ? killed() : stores.documents.withTransaction(work)),
      ensureIndexes: (indexes) => (dead ? killed() : stores.documents.ensureIndexes(indexes)),
      async dropCollection(name) {
        await stores.documents.dropCollection(name);
        dead = true;
      },
    };
    const interrupted = await new ProjectionRunner(stores.events, dyingAfterDrop, [counter], logger).rebuild('counter').then(() => null, (error: Error) => error.message);
    expect(interrupted).to.equal('process killed');
    expect(await countOf()).to.equal(0);

    await run(stores.documents, async (runner) => runner.waitFor(await stores.events.headPosition()));
    expect(await countOf()).to.equal(5);
  });

  it('a rebuild on the running bridge holds up no reader waiting for the log, and an abort ends it where it stands', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow: Projection = { ...counter, name: 'slow', collections: ['slow'], async apply() {} };
    // the rebuild stops while it empties the read model (outside any transaction), until released
    const stalledDrop: DocumentStore = { ...stores.documents, dropCollection: async (name) => {
      if (name === 'slow') await gate;
      return stores.documents.dropCollection(name);
    } };
    await append(2);
    const runner = new ProjectionRunner(stores.events, stalledDrop, [counter, slow], logger);
    await runner.start();
    try {
      await runner.waitFor(await stores.events.headPosition());
      const abort = new AbortController();
      const rebuild = runner.rebuild('slow', undefined, abort.signal);
      await append(1);
      await runner.waitFor(await stores.events.headPosition());
      expect(await countOf()).to.equal(3);
      expect(runner.isRebuilding('slow')).to.equal(true);
      abort.abort();
      release();
      expect(await rebuild).to.equal(0);
      expect(runner.isRebuilding('slow')).to.equal(false);
      await runner.waitFor(await stores.events.headPosition(), ['slow']);
    } finally {
      await runner.stop();
    }
  });

  it('rebuilds a projection from the log: the same stores.documents, its checkpoint at the head', async () => {
    await append(3);
    await run(stores.documents, async (runner) => {
      await runner.waitFor(await stores.events.headPosition());
      await stores.documents.collection('counts').updateOne({ _id: 'all' }, { $inc: { count: 100 } }); // damaged by hand
      expect(await runner.rebuild('counter')).to.equal(3);
    });
    expect(await countOf()).to.equal(3);
    const checkpoint = await stores.documents.collection<{ _id: string; position: number; rebuilding?: boolean } & Record<string, unknown>>('projection_checkpoints').findOne({ _id: 'counter' });
    expect(checkpoint).to.include({ position: await stores.events.headPosition() });
    expect(checkpoint).to.not.have.property('rebuilding');
  });
  it("applies only the platform's own events of its streams: not those of its type that a producer, a test or a dead report put elsewhere", async () => {
    const counted = (id: string) => ({ specversion: '1.0' as const, id, source: 'urn:test', type: 'counted.v1', time: new Date().toISOString() });
    await append(1);
    await stores.events.append('exchange-someone', [{ producer: 'someone', event: counted('produced') }]);
    await stores.events.append('exchange-test-someone', [{ producer: 'someone', kind: 'test', event: counted('tested') }]);
    await stores.events.append('counted-but-dead', [{ producer: 'someone', kind: 'dead', event: counted('reported') }]);
    await append(1);
    await run(stores.documents, async (runner) => runner.waitFor(await stores.events.headPosition()));
    expect(await countOf()).to.equal(2);
  });

  it('never moves a stored checkpoint back: a bridge that stops while behind another leaves the newer one', async () => {
    // two bridges on the same read models; bridge B's subscription to the log lags (it is never woken)
    const lagging: EventStore = { ...stores.events, onAppended: () => () => undefined };
    await append(3);
    const bridgeA = new ProjectionRunner(stores.events, stores.documents, [counter], logger);
    const bridgeB = new ProjectionRunner(lagging, stores.documents, [counter], logger);
    await bridgeA.start();
    await bridgeB.start(); // finds the batch committed by A and skips it: at 3 as well
    await append(2);
    await bridgeA.waitFor(await stores.events.headPosition());
    await bridgeA.stop();
    await bridgeB.stop(); // still at 3: saving that over A's 5 would have 4 and 5 applied again

    await run(stores.documents, async (runner) => runner.waitFor(await stores.events.headPosition()));
    expect(await countOf()).to.equal(5);
  });

  describe('a changed definition', () => {
    /** The counter's version 2 counts each event twice: documents only a rebuild makes right. */
    const counterV2: Projection = {
      ...counter,
      version: 2,
      async apply(_event, session) {
        await session.collection('counts').updateOne({ _id: 'all' }, { $inc: { count: 2 } }, { upsert: true });
      },
    };
    const checkpointOf = () => stores.documents.collection<{ _id: string; position: number; version?: number; indexes?: string; generation?: string }>('projection_checkpoints').findOne({ _id: 'counter' });
    /** What another bridge's rebuild leaves when it has just begun: the documents gone, its definition at 0. */
    const emptiedForRebuildBy = async (projection: Projection, mark: { generation?: string; rebuilding?: true } = {}) => {
      const checkpoint = { _id: 'counter', ...definitionOf(projection), position: 0, updatedAt: new Date().toISOString(), ...mark };
      await stores.documents.collection('projection_checkpoints').replaceOne({ _id: 'counter' }, checkpoint);
      await stores.documents.dropCollection('counts');
    };
    /** A bridge's runner whose subscription to the log lags: it applies only when asked to (waitFor). */
    const startedLaggingRunner = async (projection: Projection) => {
      const runner = new ProjectionRunner({ ...stores.events, onAppended: () => () => undefined }, stores.documents, [projection], logger);
      await runner.start();
      return runner;
    };
    const startedRunner = async (projection: Projection) => {
      const runner = new ProjectionRunner(stores.events, stores.documents, [projection], logger);
      await runner.start();
      return runner;
    };

    it('rebuilds the read model at start when the version is higher than the one it was built by', async () => {
      await append(3);
      await run(stores.documents, async (runner) => runner.waitFor(await stores.events.headPosition()));
      expect(await countOf()).to.equal(3);

      const upgraded = await startedRunner(counterV2);
      try {
        await upgraded.waitFor(await stores.events.headPosition());
        expect(await countOf()).to.equal(6);
        expect(await checkpointOf()).to.include({ position: await stores.events.headPosition(), version: 2 });
      } finally {
        await upgraded.stop();
      }
    });

    it('rebuilds it when its indexes changed, so an index with new options replaces the old one', async () => {
      const indexed: Projection = { ...counter, indexes: [{ collection: 'counts', keys: { key: 1 } }] };
      const unique: Projection = { ...counter, indexes: [{ collection: 'counts', keys: { key: 1 }, unique: true }] };
      await append(2);
      await run(stores.documents, async (runner) => runner.waitFor(await stores.events.headPosition()));
      const first = await startedRunner(indexed); // the index as first declared: not unique
      await first.stop();
      await stores.documents.collection('counts').insertOne({ _id: 'x', key: 'same' });
      await stores.documents.collection('counts').insertOne({ _id: 'y', key: 'same' });

      const runner = await startedRunner(unique);
      try {
        await runner.waitFor(await stores.events.headPosition());
        expect(await countOf()).to.equal(2);
        expect(await stores.documents.collection('counts').findOne({ _id: 'x' })).to.equal(null);
        await stores.documents.collection('counts').insertOne({ _id: 'z', key: 'taken' });
        const second = await stores.documents.collection('counts').insertOne({ _id: 'w', key: 'taken' }).then(() => 'inserted', (error: Error) => error.name);
        expect(second).to.equal('DuplicateDocumentError');
      } finally {
        await runner.stop();
      }
    });

    it('leaves the read model to a bridge with a newer version: an older one neither rebuilds it back nor writes to it', async () => {
      await append(2);
      const olderRunning = await startedLaggingRunner(counter); // an older bridge already running
      try {
        expect(await countOf()).to.equal(2);
        await emptiedForRebuildBy(counterV2); // a newer bridge's rebuild, which has not got far yet
        await append(1);
        await olderRunning.waitFor(await stores.events.headPosition()); // its batch meets version 2: not applied
        expect(await countOf()).to.equal(0);
        expect(await checkpointOf()).to.include({ version: 2, position: 0 });
      } finally {
        await olderRunning.stop();
      }
      const newer = await startedRunner(counterV2);
      await newer.waitFor(await stores.events.headPosition());
      await newer.stop();
      const olderStarted = await startedRunner(counter); // finds version 2 stored: no rebuild back
      await olderStarted.waitFor(await stores.events.headPosition());
      await olderStarted.stop();
      expect(await countOf()).to.equal(6);
      expect(await checkpointOf()).to.include({ version: 2, position: await stores.events.headPosition() });
    });

    it('rebuilds the read model again when a bridge with an older version rebuilt it after this one (both starting at once)', async () => {
      await append(2);
      const newer = await startedLaggingRunner(counterV2);
      try {
        expect(await countOf()).to.equal(4);
        await emptiedForRebuildBy(counter); // the older bridge's rebuild, begun after the newer one's start
        await append(1);
        await newer.waitFor(await stores.events.headPosition());
        for (let tries = 0; tries < 100 && (await checkpointOf())?.position !== (await stores.events.headPosition()); tries += 1) await new Promise((resolve) => setTimeout(resolve, 20));
        expect(await checkpointOf()).to.include({ version: 2, position: await stores.events.headPosition() });
        expect(await countOf()).to.equal(6);
      } finally {
        await newer.stop();
      }
    });

    it('follows a rebuild another bridge with the same definition began under it, losing no event', async () => {
      await append(2);
      const running = await startedLaggingRunner(counter);
      try {
        expect(await countOf()).to.equal(2);
        // another bridge, starting at the same moment, emptied the read model for its own rebuild
        await emptiedForRebuildBy(counter, { generation: 'other-bridge', rebuilding: true });
        await append(1);
        const head = await stores.events.headPosition();
        await Promise.race([running.waitFor(head), new Promise((resolve) => setTimeout(resolve, 300))]); // it waits for the emptying
        expect(await countOf()).to.equal(0);
        await emptiedForRebuildBy(counter, { generation: 'other-bridge' }); // emptied; its rebuild begins
        await append(1);
        await running.waitFor(await stores.events.headPosition());
        expect(await countOf()).to.equal(4);
        expect(await checkpointOf()).to.include({ position: await stores.events.headPosition(), generation: 'other-bridge' });
      } finally {
        await running.stop();
      }
    });
  });
});

