import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { defaultExchangeConfig, type ExchangeConfig } from '../../src/config';
import type { DeliveryListener } from '../../src/exchange/consumer-instance';
import { ConsumerService } from '../../src/exchange/consumer-service';
import { LANE_MEMBERS, LANES } from '../../src/exchange/lane-leases';
import { DEVELOPMENT_REGISTRY } from '../../src/platform-app';
import { systemClock } from '../../src/platform/clock';
import type { DocumentStore } from '../../src/platform/document-store/document-store';
import type { EventStore } from '../../src/platform/event-store/event-store';
import { ClientRegistry } from '../../src/platform/identity/client-registry';
import { createLogger } from '../../src/platform/logger';
import { freshEmbeddedStores } from '../support/embedded-stores';

const registry = ClientRegistry.fromFile(DEVELOPMENT_REGISTRY);

/** A consumer service of bridge b1 over these stores, with the development registry. */
function serviceOver(events: EventStore, documents: DocumentStore, onDelivered?: DeliveryListener, config: Partial<ExchangeConfig> = {}): ConsumerService {
  return new ConsumerService({
    events,
    documents,
    registry,
    registeredAt: () => 0,
    config: { ...defaultExchangeConfig, ...config },
    clock: systemClock,
    logger: createLogger('silent'),
    bridgeId: 'b1',
    onDelivered,
  });
}

describe('ConsumerService: long polling with a failing delivery listener (integration, embedded stores)', () => {
  const stores = freshEmbeddedStores('consumer-service-');

  const produce = () =>
    stores.events.append('exchange-demo-producer', [
      { event: { specversion: '1.0', id: randomUUID(), source: 'urn:demo:producer', type: 'demo.order.created', time: new Date().toISOString() }, producer: 'demo-producer' },
    ]);

  it('answers the events read before a lingering read failed, and delivers the rest later: none is confirmed unseen', async () => {
    let calls = 0;
    const service = serviceOver(stores.events, stores.documents, async () => {
      calls += 1;
      if (calls === 2) throw new Error('personal-data log down');
    });
    await service.start();
    try {
      const instance = await service.create(registry.get('demo-consumer')!, { events: true, test: false, dead: false, group: 'g' }, 'http');
      await produce();
      const polling = service.poll(instance, { max: 100, timeoutMs: 2000, lingerMs: 300, isAbandoned: () => false });
      setTimeout(() => void produce(), 50); // arrives while the read lingers; handing it out fails
      const first = await polling;
      expect(first.map((delivery) => delivery.offset)).to.deep.equal([1]);
      const second = await service.poll(instance, { max: 100, timeoutMs: 2000, lingerMs: 0, isAbandoned: () => false });
      expect(second).to.have.length(1);
      expect(service.confirm(instance, second[0].offset)).to.equal(2); // both were handed out
    } finally {
      await service.stop();
    }
  });
});

describe('ConsumerService: many consumer groups waiting (integration, embedded stores)', () => {
  const stores = freshEmbeddedStores('consumer-service-waiting-');
  const GROUPS = 20;

  /** The service over the embedded log, with a count of the log reads made through it. */
  function serviceCountingReads() {
    const reads = { count: 0 };
    const events = Object.create(stores.events) as typeof stores.events;
    events.readAll = (query) => {
      reads.count += 1;
      return stores.events.readAll(query);
    };
    return { service: serviceOver(events, stores.documents), reads };
  }

  const produce = (type: string) =>
    stores.events.append('exchange-demo-producer', [
      { event: { specversion: '1.0', id: randomUUID(), source: 'urn:demo:producer', type, time: new Date().toISOString() }, producer: 'demo-producer' },
    ]);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

  it('reads each commit from the log once for all its waiting groups, not once per group', async () => {
    const { service, reads } = serviceCountingReads();
    await service.start();
    try {
      const consumer = registry.get('demo-consumer')!;
      const instances = [];
      for (let group = 0; group < GROUPS; group += 1) instances.push(await service.create(consumer, { events: true, test: false, dead: false, group: `g${group}` }, 'http'));
      const polls = instances.map((instance) => service.poll(instance, { max: 100, timeoutMs: 20_000, lingerMs: 0, isAbandoned: () => false }));
      await settle();
      const readsBefore = reads.count;
      for (let commit = 0; commit < 5; commit += 1) {
        await produce('demo.order.created');
        await settle();
      }
      const delivered = await Promise.all(polls);
      expect(delivered.map((deliveries) => deliveries.length)).to.deep.equal(Array(GROUPS).fill(1));
      // one read for the first commit's event, shared by the 20 groups (one per group before the tail)
      expect(reads.count - readsBefore).to.be.at.most(5);
    } finally {
      await service.stop();
    }
  });

  it('reads nothing from the log after appends while no instance waits', async () => {
    const { service, reads } = serviceCountingReads();
    await service.start();
    try {
      const readsBefore = reads.count;
      for (let commit = 0; commit < 3; commit += 1) {
        await produce('demo.order.created');
        await settle();
      }
      expect(reads.count - readsBefore).to.equal(0);
    } finally {
      await service.stop();
    }
  });

  it('does not wake an instance waiting for events when the events appended are not for its client', async () => {
    const { service } = serviceCountingReads();
    await service.start();
    try {
      const instance = await service.create(registry.get('demo-institution')!, { events: true, test: true, dead: false, group: 'g' }, 'http');
      expect(await instance.take(10)).to.be.empty; // its lanes have read the log up to its head
      let woken = false;
      const waiting = service.waitForEvents(20_000, instance.lanes).then(() => (woken = true));
      for (let commit = 0; commit < 3; commit += 1) {
        await produce('other.thing.happened');
        await settle();
      }
      expect(woken, 'woken by events of a type it does not consume').to.equal(false);
      await produce('demo.order.created');
      await waiting;
      expect(woken).to.equal(true);
    } finally {
      await service.stop();
    }
  });
});

describe('ConsumerService: groups no instance reads any more (integration, embedded stores)', () => {
  const stores = freshEmbeddedStores('consumer-service-gone-');

  it('stops checking the leases of a group once its last instance is gone, and serves it again when one comes back', async () => {
    // every lease write and lookup, by the group it is for
    const checkedGroups: string[] = [];
    const documents = Object.create(stores.documents) as typeof stores.documents;
    documents.collection = (<T extends { _id: string }>(name: string) => {
      const collection = stores.documents.collection<T>(name);
      if (name !== LANE_MEMBERS && name !== LANES) return collection;
      const counted = Object.create(collection) as typeof collection;
      counted.find = (filter, options) => {
        checkedGroups.push(String(filter.lanes ?? `${filter.clientId}/${filter.group}/${filter.kind}`));
        return collection.find(filter, options);
      };
      counted.updateOne = (filter, update, options) => {
        checkedGroups.push(String(filter._id));
        return collection.updateOne(filter, update, options);
      };
      counted.replaceOne = (filter, replacement, options) => {
        checkedGroups.push(String(filter._id));
        return collection.replaceOne(filter, replacement, options);
      };
      return counted;
    }) as typeof documents.collection;
    // the shortest lease: an idle lane renews it every second (a third of it)
    const service = serviceOver(stores.events, documents, undefined, { laneLeaseMs: 3_000 });
    await service.start();
    try {
      const consumer = registry.get('demo-consumer')!;
      const options = (group: string) => ({ events: true, test: false, dead: false, group });
      const staying = await service.create(consumer, options('staying'), 'websocket');
      for (let group = 0; group < 10; group += 1) await service.delete(await service.create(consumer, options(`gone-${group}`), 'websocket'), 'test');
      checkedGroups.length = 0;
      await new Promise((resolve) => setTimeout(resolve, 2_500)); // the lease checks of every group run every second
      expect(checkedGroups.filter((key) => key.startsWith('demo-consumer/staying/standard'))).to.not.be.empty;
      expect(checkedGroups.filter((key) => key.includes('/gone-'))).to.deep.equal([]);

      // a group opened again starts from its recorded watermark
      await stores.events.append('exchange-demo-producer', [
        { event: { specversion: '1.0', id: randomUUID(), source: 'urn:demo:producer', type: 'demo.order.created', time: new Date().toISOString() }, producer: 'demo-producer' },
      ]);
      const back = await service.create(consumer, options('gone-3'), 'websocket');
      expect(await back.take(10)).to.have.length(1);
      expect(await staying.take(10)).to.have.length(1);
    } finally {
      await service.stop();
    }
  });
});

describe('ConsumerService: where each consumer group stands (integration, embedded stores)', () => {
  const stores = freshEmbeddedStores('consumer-service-status-');

  it('shares the reading budget of a status request equally: groups equally far behind show the same lower bound', async () => {
    for (let batch = 0; batch < 25; batch += 1) {
      const events = Array.from({ length: 1000 }, () => ({
        event: { specversion: '1.0' as const, id: randomUUID(), source: 'urn:demo:producer', type: 'demo.order.created', time: new Date().toISOString() },
        producer: 'demo-producer',
      }));
      await stores.events.append('exchange-demo-producer', events);
    }
    const service = serviceOver(stores.events, stores.documents);
    await service.start();
    try {
      const consumer = registry.get('demo-consumer')!;
      for (const group of ['a1', 'b1']) await service.delete(await service.create(consumer, { events: true, test: false, dead: false, group }, 'http'), 'done');
      const { logHead, groups } = await service.groupStatuses('demo-consumer');
      expect(logHead).to.equal(25_000);
      // 20,000 events of reading for the request, 10,000 for each; before, a1 read 20,000 and b1 none
      expect(groups.map(({ group, waiting }) => ({ group, waiting }))).to.deep.equal([
        { group: 'a1', waiting: { events: 10_000, exact: false } },
        { group: 'b1', waiting: { events: 10_000, exact: false } },
      ]);
    } finally {
      await service.stop();
    }
  });
});
