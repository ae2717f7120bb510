import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { ConfigurationError, defaultExchangeConfig } from '../../src/config';
import type { ConsumerInstance, OffsetDelivery } from '../../src/exchange/consumer-instance';
import { ConsumerService } from '../../src/exchange/consumer-service';
import { LANES } from '../../src/exchange/lane-leases';
import { DEVELOPMENT_REGISTRY } from '../../src/platform-app';
import { systemClock, type Clock } from '../../src/platform/clock';
import type { Collection, Document, DocumentStore } from '../../src/platform/document-store/document-store';
import { openSqliteDocumentStore } from '../../src/platform/document-store/sqlite-document-store';
import type { EventStore } from '../../src/platform/event-store/event-store';
import { openSqliteEventStore } from '../../src/platform/event-store/sqlite-event-store';
import { ClientRegistry } from '../../src/platform/identity/client-registry';
import { createLogger } from '../../src/platform/logger';

/**
 * Two bridges as two processes would run them against shared stores: two consumer services, each with
 * its own bridge id and clock, over one event log and one document store (real SQLite files).
 */
describe('Exchange: one consumer group across several bridges (integration)', () => {
  const LEASE_MS = 2_000;
  let directory: string;
  let events: EventStore;
  let documents: DocumentStore;
  const registry = ClientRegistry.fromFile(DEVELOPMENT_REGISTRY);
  const consumer = registry.get('demo-consumer')!;
  const bridges: ConsumerService[] = [];

  const bridge = async (bridgeId: string, clock: Clock = systemClock, groupShards = 1, store: DocumentStore = documents, sharedStore = false) => {
    const service = new ConsumerService({
      sharedStore,
      events,
      documents: store,
      registry,
      registeredAt: () => 0,
      config: { ...defaultExchangeConfig, laneLeaseMs: LEASE_MS, groupShards },
      clock,
      logger: createLogger('silent'),
      bridgeId,
    });
    await service.start();
    bridges.push(service);
    return service;
  };
  const produce = async (count: number, partitionKeys: string[] = []) => {
    const written = Array.from({ length: count }, (_, i) => ({
      event: {
        specversion: '1.0' as const,
        id: randomUUID(),
        source: 'urn:demo:producer',
        type: 'demo.order.created',
        time: new Date().toISOString(),
        ...(partitionKeys.length > 0 ? { partitionkey: partitionKeys[i % partitionKeys.length] } : {}),
      },
      producer: 'demo-producer',
    }));
    await events.append('exchange-demo-producer', written);
    return written.map((newEvent) => newEvent.event.id);
  };
  const open = (service: ConsumerService) => service.create(consumer, { events: true, test: false, dead: false, group: 'billing' }, 'http');
  const ids = (deliveries: OffsetDelivery[]) => deliveries.map((delivery) => delivery.event.id);
  /** Takes until `count` events came or the time is up (lease checks run every second). */
  const takeUntil = async (instance: ConsumerInstance, count: number, withinMs = 4_000) => {
    const taken: OffsetDelivery[] = [];
    for (const deadline = Date.now() + withinMs; taken.length < count && Date.now() < deadline; ) {
      taken.push(...(await instance.take(count - taken.length)));
      if (taken.length < count) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return taken;
  };

  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'egov-bridges-'));
    events = openSqliteEventStore(join(directory, 'events.sqlite'));
    documents = openSqliteDocumentStore(join(directory, 'documents.sqlite'));
  });
  afterEach(async () => {
    for (const service of bridges.splice(0)) await service.stop().catch(() => undefined);
    await events.close();
    await documents.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('has one bridge serve the group while the instances on the other stand by', async () => {
    const first = await open(await bridge('bridge-1'));
    const second = await open(await bridge('bridge-2'));
    const produced = await produce(5);
    expect(ids(await takeUntil(first, 5))).to.deep.equal(produced);
    expect(await takeUntil(second, 1, 1_500)).to.be.empty;
  });

  it('tells a group\'s status the same on both bridges: the serving bridge\'s confirmed position, as it last wrote it', async () => {
    const bridge1 = await bridge('bridge-1');
    const bridge2 = await bridge('bridge-2');
    const first = await open(bridge1);
    await open(bridge2);
    await produce(5);
    await takeUntil(first, 5);
    bridge1.confirm(first, 2);
    const head = await events.headPosition();
    const expected = { clientId: 'demo-consumer', group: 'billing', kind: 'standard', confirmedUpTo: head - 3, waiting: { events: 3, exact: true } };
    expect((await bridge1.groupStatuses('demo-consumer')).groups).to.deep.equal([{ ...expected, shards: [{ shard: 0, confirmedUpTo: head - 3, servedBy: 'bridge-1' }] }]);
    // bridge-2 reads the position bridge-1 writes with its lease, every second
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect((await bridge2.groupStatuses('demo-consumer')).groups).to.deep.equal([{ ...expected, shards: [{ shard: 0, confirmedUpTo: head - 3, servedBy: 'bridge-1' }] }]);
    expect(bridge2.instancesOf('demo-consumer')).to.have.length(1);
    expect(bridge2.instancesOf('demo-consumer')[0]).to.include({ group: 'billing', unconfirmed: 0 });
  });

  it('hands the group to the other bridge when the serving bridge\'s last instance leaves, from its watermark', async () => {
    const bridge1 = await bridge('bridge-1');
    const first = await open(bridge1);
    const second = await open(await bridge('bridge-2'));
    const produced = await produce(5);
    await takeUntil(first, 5);
    bridge1.confirm(first, 2);
    await bridge1.delete(first, 'test');
    expect(ids(await takeUntil(second, 3))).to.deep.equal(produced.slice(2));
  });

  it('takes over a group whose bridge stopped renewing, and that bridge stands by when it comes back', async () => {
    const bridge1 = await bridge('bridge-1');
    const first = await open(bridge1);
    const produced = await produce(4);
    await takeUntil(first, 4);
    bridge1.confirm(first, 1);
    // a renewal (every second) writes the watermark; what was confirmed after the last one comes again
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    // bridge-2's clock is past bridge-1's lease: to it, bridge-1 has not renewed for longer than the lease
    const later = { now: () => new Date(Date.now() + LEASE_MS + 1_000) };
    const second = await open(await bridge('bridge-2', later));
    expect(ids(await takeUntil(second, 3))).to.deep.equal(produced.slice(1));
    // bridge-1's next renewal finds the lane taken: it hands out nothing more
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await produce(2);
    expect(await takeUntil(first, 1, 1_500)).to.be.empty;
    expect(await takeUntil(second, 2)).to.have.length(2);
  });

  it('serves a group whose lane was written before leases existed, from its watermark', async () => {
    const produced = await produce(3);
    const written = await events.readAll({ after: 0, limit: 10, filter: {} });
    await documents.collection(LANES).insertOne({
      _id: 'demo-consumer/billing/standard',
      clientId: 'demo-consumer',
      group: 'billing',
      kind: 'standard',
      watermark: written[0].position,
      updatedAt: new Date().toISOString(),
    });
    const instance = await open(await bridge('bridge-1'));
    expect(ids(await takeUntil(instance, 2))).to.deep.equal(produced.slice(1));
  });

  describe('with the group split into shards (EXCHANGE_GROUP_SHARDS=4)', () => {
    const SHARDS = 4;
    const KEYS = ['order-1', 'order-2', 'order-3', 'order-4', 'order-5', 'order-6', 'order-7', 'order-8'];
    /** Takes from both until `count` events came in all, or the time is up. */
    const takeFromBoth = async (instances: ConsumerInstance[], count: number, withinMs = 6_000) => {
      const taken = instances.map(() => [] as OffsetDelivery[]);
      for (const deadline = Date.now() + withinMs; taken.flat().length < count && Date.now() < deadline; ) {
        for (const [i, instance] of instances.entries()) taken[i].push(...(await instance.take(count)));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return taken;
    };
    const keyOf = (delivery: OffsetDelivery) => delivery.event.partitionkey as string;

    it('has both bridges serve the group at once: every event once, each partition key on one bridge, in order', async () => {
      const bridge1 = await bridge('bridge-1', systemClock, SHARDS);
      const first = await open(bridge1);
      const second = await open(await bridge('bridge-2', systemClock, SHARDS));
      // bridge-1 took every shard first; within a few lease checks it lets half of them go to bridge-2
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      const produced = await produce(80, KEYS);

      const [fromFirst, fromSecond] = await takeFromBoth([first, second], 80);
      expect(fromFirst.length, 'bridge-1 served some').to.be.greaterThan(0);
      expect(fromSecond.length, 'bridge-2 served some').to.be.greaterThan(0);
      expect([...ids(fromFirst), ...ids(fromSecond)].sort()).to.deep.equal([...produced].sort());
      const keysOfFirst = new Set(fromFirst.map(keyOf));
      expect(fromSecond.map(keyOf).filter((key) => keysOfFirst.has(key))).to.deep.equal([]);
      for (const taken of [fromFirst, fromSecond]) {
        for (const key of new Set(taken.map(keyOf))) {
          const positions = taken.filter((delivery) => keyOf(delivery) === key).map((delivery) => delivery.position);
          expect(positions).to.deep.equal([...positions].sort((a, b) => a - b));
        }
      }
      const shardsOf = async (bridgeId: string) => (await documents.collection(LANES).find({ bridge: bridgeId, leaseUntil: { $gt: Date.now() } })).length;
      expect([await shardsOf('bridge-1'), await shardsOf('bridge-2')]).to.deep.equal([2, 2]);
    });

    it('gives every shard to the remaining bridge when the other one\'s last instance leaves; unconfirmed events come again there', async () => {
      const bridge1 = await bridge('bridge-1', systemClock, SHARDS);
      const first = await open(bridge1);
      const bridge2 = await bridge('bridge-2', systemClock, SHARDS);
      const second = await open(bridge2);
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      const produced = await produce(40, KEYS);
      const [fromFirst, fromSecond] = await takeFromBoth([first, second], 40);
      bridge2.confirm(second);
      // bridge-1 confirms nothing and leaves: what it was given goes to bridge-2
      await bridge1.delete(first, 'test');
      const [again] = await takeFromBoth([second], fromFirst.length);
      expect(ids(again).sort()).to.deep.equal(ids(fromFirst).sort());
      expect([...ids(fromSecond), ...ids(again)].sort()).to.deep.equal([...produced].sort());
    });
  });
  describe('when a bridge is cut off, paused, late or configured otherwise', () => {
    const SHARDS = 4;
    const KEYS = ['order-1', 'order-2', 'order-3', 'order-4', 'order-5', 'order-6', 'order-7', 'order-8'];
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const shared = (a: OffsetDelivery[], b: OffsetDelivery[]) => ids(a).filter((id) => ids(b).includes(id));

    /** The document store as one bridge reaches it: every call fails while `cutOff()` says so (a partition, an election). */
    const reachable = (cutOff: (collection: string, operation: string, argument: unknown) => boolean): DocumentStore => {
      const guarded = <T extends Document>(name: string, collection: Collection<T>): Collection<T> =>
        Object.fromEntries(
          Object.entries(Object.getOwnPropertyDescriptors(collection)).map(([operation]) => [
            operation,
            (...args: unknown[]) =>
              cutOff(name, operation, args[0])
                ? Promise.reject(new Error(`the document store cannot be reached (${name}.${operation})`))
                : (collection[operation as keyof Collection<T>] as (...a: unknown[]) => unknown)(...args),
          ]),
        ) as unknown as Collection<T>;
      return { ...documents, collection: <T extends Document>(name: string) => guarded<T>(name, documents.collection<T>(name)) };
    };

    it('a bridge that cannot reach the store stops handing out events before another may take its lease over', async () => {
      let cutOff = false;
      const bridge1 = await bridge('bridge-1', systemClock, 1, reachable(() => cutOff));
      const first = await open(bridge1);
      const second = await open(await bridge('bridge-2'));
      await produce(3);
      expect(await takeUntil(first, 3)).to.have.length(3);
      bridge1.confirm(first);
      await sleep(1_200);
      cutOff = true; // its renewals fail, so it cannot learn that its lease lapses
      await sleep(LEASE_MS + 1_200); // bridge-2 takes the lapsed lease over
      await produce(5, ['order-1']);
      const [fromFirst, fromSecond] = await Promise.all([takeUntil(first, 5, 2_000), takeUntil(second, 5)]);
      expect(fromFirst, 'the cut-off bridge hands out nothing').to.be.empty;
      expect(fromSecond).to.have.length(5);
    });

    it('a bridge paused longer than its lease does not start its own lane over under the instance holding its events', async () => {
      const bridge1 = await bridge('bridge-1');
      const holder = await open(bridge1);
      const other = await open(bridge1);
      await produce(5, ['order-1']);
      expect(await takeUntil(holder, 5)).to.have.length(5);
      for (const until = Date.now() + LEASE_MS + 500; Date.now() < until; ) {
        // the event loop blocked longer than the lease (a long GC pause, SIGSTOP)
      }
      await sleep(1_500); // the next lease check renews the lapsed lease nobody took
      expect(await takeUntil(other, 5, 1_500), 'order-1 stays with the instance that holds it').to.be.empty;
      expect(holder.unconfirmedCount).to.equal(5);
    });

    it('a shard leaves for a joining bridge only once the instance holding its events confirmed them', async () => {
      const bridge1 = await bridge('bridge-1', systemClock, SHARDS);
      const first = await open(bridge1);
      await produce(40, KEYS);
      const given = await takeUntil(first, 40);
      expect(given, 'bridge-1 holds every shard, and its instance every event').to.have.length(40);
      const second = await open(await bridge('bridge-2', systemClock, SHARDS));
      // bridge-1 drains the shards it lets go: bridge-2 gets none of the events bridge-1's instance holds
      expect(await takeUntil(second, 1, 1_500)).to.be.empty;
      bridge1.confirm(first);
      await sleep(1_500);
      const more = await produce(40, KEYS);
      const [fromFirst, fromSecond] = await Promise.all([takeUntil(first, 40, 2_500), takeUntil(second, 40, 2_500)]);
      expect(fromSecond.length, 'bridge-2 serves some shards now').to.be.greaterThan(0);
      expect(shared(fromSecond, given)).to.be.empty;
      expect([...ids(fromFirst), ...ids(fromSecond)].sort()).to.deep.equal([...more].sort());
    });

    it('a shard lane created after its siblings moved on still delivers its own events (two bridges opening at once)', async () => {
      const produced = await produce(400, KEYS);
      const bridge1 = await bridge('bridge-1', systemClock, SHARDS);
      const bridge2 = await bridge('bridge-2', systemClock, SHARDS);
      // both bridges see two members and no holder: both go for the same shards, one wins them
      const [first, second] = await Promise.all([open(bridge1), open(bridge2)]);
      const got: OffsetDelivery[] = [];
      for (const deadline = Date.now() + 6_000; got.length < 400 && Date.now() < deadline; ) {
        for (const [service, instance] of [[bridge1, first], [bridge2, second]] as const) {
          got.push(...(await instance.take(400)));
          service.confirm(instance);
        }
        await sleep(50);
      }
      expect(ids(got).sort()).to.deep.equal([...produced].sort());
    });

    it('a shard lane whose creation failed at first starts from the group\'s start, not from its siblings\' watermark', async () => {
      let failing = true;
      const store = reachable((name, operation, argument) => failing && name === LANES && operation === 'insertOne' && String((argument as Document)._id).endsWith('#2/4'));
      const produced = await produce(40, KEYS);
      const bridge1 = await bridge('bridge-1', systemClock, SHARDS, store);
      const first = await open(bridge1);
      const got = await takeUntil(first, 40, 1_000);
      bridge1.confirm(first);
      await sleep(1_500);
      failing = false;
      got.push(...(await takeUntil(first, 40 - got.length, 3_000)));
      expect(ids(got).sort()).to.deep.equal([...produced].sort());
    });

    it('while bridges with another shard count serve a group, a bridge with none of its shards waits for them', async () => {
      const first = await open(await bridge('bridge-1', systemClock, 1));
      const second = await open(await bridge('bridge-2', systemClock, SHARDS));
      await sleep(1_500);
      const produced = await produce(40, KEYS);
      const [fromFirst, fromSecond] = await Promise.all([takeUntil(first, 40), takeUntil(second, 40, 2_000)]);
      expect(ids(fromFirst)).to.deep.equal(produced);
      expect(fromSecond, 'nothing twice').to.be.empty;
    });
  });
  describe('one bridge id, one running process (read models shared, as on MongoDB)', () => {
    const claiming = (bridgeId: string, clock: Clock = systemClock) => bridge(bridgeId, clock, 1, documents, true);

    it('refuses to start a second process with a bridge id another live process holds, and starts it once that one stopped', async () => {
      const first = await claiming('bridge-1');
      const refusal = await claiming('bridge-1').then(
        () => null,
        (error: unknown) => error,
      );
      expect(refusal).to.be.instanceOf(ConfigurationError);
      expect(String(refusal)).to.contain('BRIDGE_ID bridge-1 is in use by another running process');
      await first.stop();
      bridges.splice(bridges.indexOf(first), 1);
      expect(await claiming('bridge-1')).to.be.instanceOf(ConsumerService);
    });

    it('a process paused past its lease, whose id another process took over, stands by when it resumes', async () => {
      const old = await claiming('bridge-1');
      const instance = await open(old);
      await produce(4, ['order-1']);
      expect(await takeUntil(instance, 2)).to.have.length(2);
      old.confirm(instance);
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      // the replacement's clock is past the old process's claim: to it, the old one stopped renewing
      const later = { now: () => new Date(Date.now() + LEASE_MS + 1_000) };
      const replacement = await claiming('bridge-1', later);
      const reopened = replacement.find('demo-consumer', 'billing', instance.id)!;
      const fromReplacement = await takeUntil(reopened, 2);
      await new Promise((resolve) => setTimeout(resolve, 1_500)); // the old process's next renewal fails
      const more = await produce(3, ['order-1']);
      const [fromOld, fromNew] = await Promise.all([takeUntil(instance, 3, 2_000), takeUntil(reopened, 3)]);
      expect(fromReplacement).to.have.length(2);
      expect(fromOld, 'the old process hands out nothing more').to.be.empty;
      expect(ids(fromNew)).to.deep.equal(more);
    });
  });
});
