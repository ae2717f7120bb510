import { expect } from 'chai';
import { TestPlatform } from '../support/test-platform';
import { actors, SERVICE } from './delivery-test-kit';

describe('Delivery: the demo orders (e2e over mTLS)', function () {
  this.timeout(120_000);

  it('loads orders of DEMO-SERVICE-1 in several states on the first start, and nothing again on the next', async () => {
    const platform = await TestPlatform.start({ seedDevelopmentData: true });
    try {
      const states = async () => {
        const response = await actors(platform).provider.get('/api/v1/delivery-orders', { query: { serviceID: SERVICE } });
        return (response.json().items as { id: string; status: string }[]).map((item) => `${item.id} ${item.status}`);
      };
      const loaded = await states();
      expect(loaded).to.deep.equal([
        'DEMO-ORDER-1 Unknown', 'DEMO-ORDER-2 AwaitingPayment', 'DEMO-ORDER-3 Paid', 'DEMO-ORDER-4 Processing',
        'DEMO-ORDER-5 Ready', 'DEMO-ORDER-6 Delivering', 'DEMO-ORDER-7 Delivered', 'DEMO-ORDER-8 Cancelled',
      ]);
      const head = await platform.platform.stores.events.headPosition();
      await platform.restart();
      expect(await states()).to.deep.equal(loaded);
      const since = await platform.platform.stores.events.readAll({ after: head, limit: 100, filter: { streamPrefix: 'delivery-' } });
      expect(since, 'a second start loads nothing').to.deep.equal([]);
      const details = await actors(platform).details('DEMO-ORDER-6');
      expect(details.status, details.text).to.equal(200);
    } finally {
      await platform.stop();
    }
  });
});
