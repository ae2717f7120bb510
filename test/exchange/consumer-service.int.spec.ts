import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { defaultExchangeConfig } from '../../src/config';
import { ConsumerService } from '../../src/exchange/consumer-service';
import { DEVELOPMENT_REGISTRY } from '../../src/platform-app';
import { systemClock } from '../../src/platform/clock';
import { ClientRegistry } from '../../src/platform/identity/client-registry';
import { createLogger } from '../../src/platform/logger';
import { freshEmbeddedStores } from '../support/embedded-stores';

describe('ConsumerService: long polling with a failing delivery listener (integration, embedded stores)', () => {
  const stores = freshEmbeddedStores('consumer-service-');

  const produce = () =>
    stores.events.append('exchange-demo-producer', [
      { event: { specversion: '1.0', id: randomUUID(), source: 'urn:demo:producer', type: 'demo.order.created', time: new Date().toISOString() }, producer: 'demo-producer' },
    ]);

  it('answers the events read before a lingering read failed, and delivers the rest later: none is confirmed unseen', async () => {
    const registry = ClientRegistry.fromFile(DEVELOPMENT_REGISTRY);
    let calls = 0;
    const service = new ConsumerService({
      events: stores.events,
      documents: stores.documents,
      registry,
      registeredAt: () => 0,
      config: { ...defaultExchangeConfig },
      clock: systemClock,
      logger: createLogger('silent'),
      bridgeId: 'b1',
      onDelivered: async () => {
        calls += 1;
        if (calls === 2) throw new Error('personal-data log down');
      },
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
