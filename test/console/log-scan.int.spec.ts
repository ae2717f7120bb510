import { expect } from 'chai';
import { newestMatching } from '../../src/console/queries/log-scan';
import { freshEmbeddedStores } from '../support/embedded-stores';

const event = (index: number, type: string) => ({
  producer: 'demo-producer',
  event: { specversion: '1.0' as const, id: `e-${index}`, source: 'urn:demo:producer', type, time: new Date().toISOString(), subject: `s-${index}` },
});

describe('Console log search: the newest matching events, paged backwards (embedded log)', () => {
  const stores = freshEmbeddedStores('console-scan-');

  it('pages a rare type back through windows of the log until its start', async () => {
    const batch = Array.from({ length: 2500 }, (_, index) => event(index, index % 1000 === 7 ? 'demo.rare' : 'demo.common'));
    await stores.events.append('exchange-demo-producer', batch);
    const first = await newestMatching(stores.events, { type: 'demo.rare' }, { limit: 2, densePositions: true });
    expect(first.events.map((stored) => stored.event.id)).to.deep.equal(['e-2007', 'e-1007']);
    const second = await newestMatching(stores.events, { type: 'demo.rare' }, { limit: 2, before: first.olderThan, densePositions: true });
    expect(second.events.map((stored) => stored.event.id)).to.deep.equal(['e-7']);
    expect(second.olderThan).to.equal(0);
  });

  it('matches prefixes and subjects, and stops at events recorded before `from`', async () => {
    await stores.events.append('exchange-demo-producer', [event(1, 'demo.order.created'), event(2, 'demo.order.shipped'), event(3, 'demo.invoice.sent')]);
    const orders = await newestMatching(stores.events, { type: 'demo.order.*', subject: 's-2' }, { limit: 10, densePositions: true });
    expect(orders.events.map((stored) => stored.event.id)).to.deep.equal(['e-2']);
    const future = await newestMatching(stores.events, { from: new Date(Date.now() + 60_000).toISOString() }, { limit: 10, densePositions: true });
    expect(future).to.deep.equal({ events: [], olderThan: 0 });
  });
});
