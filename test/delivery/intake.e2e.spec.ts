import { expect } from 'chai';
import { TestPlatform } from '../support/test-platform';
import { actors, expectFits, expectProblem, orderBody, orderIn, SERVICE, type Actors } from './delivery-test-kit';

const SECOND_PROVIDER = { id: 'second-provider', idno: '1000000000080', certificate: { commonName: 'second-provider' }, rights: { delivery: ['provider:SECOND-SERVICE'] } };

describe("Delivery: the provider's intake under /api/v1/delivery-orders (e2e over mTLS)", function () {
  this.timeout(120_000);
  let platform: TestPlatform;
  let a: Actors;

  before(async () => {
    platform = await TestPlatform.start({ extraClients: [SECOND_PROVIDER] });
    a = actors(platform);
  });
  after(() => platform.stop());

  describe('POST /api/v1/delivery-orders', () => {
    it('registers an order: 201, its Location, the order as the provider sees it (status Unknown)', async () => {
      const body = orderBody();
      const response = await a.provider.post('/api/v1/delivery-orders', { body });
      expect(response.status, response.text).to.equal(201);
      expect(response.headers.location).to.equal(`/api/v1/delivery-orders/${SERVICE}/${body.id}`);
      const order = expectFits('order.response.json', response.json());
      expect(order).to.deep.include({ serviceID: SERVICE, statusChanges: 0 });
      expect(order.details).to.deep.include({ id: body.id, status: 'Unknown', isPaid: false, receiver: body.receiver });
      const read = await a.provider.get(response.headers.location as string);
      expect(read.status).to.equal(200);
      expect(expectFits('order.response.json', read.json())).to.deep.equal(order);
    });

    it('takes the same order again as a retry (201, nothing new), and refuses other details under its id with 409', async () => {
      const body = orderBody();
      const first = await a.provider.post('/api/v1/delivery-orders', { body });
      const again = await a.provider.post('/api/v1/delivery-orders', { body });
      expect([first.status, again.status]).to.deep.equal([201, 201]);
      expect(again.json()).to.deep.equal(first.json());
      expectProblem(await a.provider.post('/api/v1/delivery-orders', { body: { ...body, isPaid: true } }), 409);
    });

    it('refuses deadlines earlier than the order, naming the fields, with InvalidParameter', async () => {
      const body = orderBody({ deliveryAcceptedUntil: '2020-01-01T00:00:00Z' });
      const problem = expectProblem(await a.provider.post('/api/v1/delivery-orders', { body }), 400, 'InvalidParameter');
      expect(problem.errors).to.deep.equal({ deliveryAcceptedUntil: ['must not be earlier than orderSubmittedAt'] });
      expectProblem(await a.provider.get(`/api/v1/delivery-orders/${SERVICE}/${body.id}`), 404);
    });

    it("answers 403 to a client that is not the service's provider, even the delivery platform", async () => {
      for (const client of [a.deliveryPlatform, platform.client('second-provider'), platform.client('demo-auditor')]) {
        expectProblem(await client.post('/api/v1/delivery-orders', { body: orderBody() }), 403);
      }
      expectProblem(await a.provider.post('/api/v1/delivery-orders', { body: orderBody({ serviceID: 'SECOND-SERVICE' }) }), 403);
    });
  });

  describe('status reports', () => {
    it('records Processing, then Ready: 201 with the report and its Location, readable as a sub-resource', async () => {
      const orderID = await orderIn(a, 'Paid');
      const processing = await a.report(orderID, 'Processing', { message: 'in work' });
      expect(processing.status, processing.text).to.equal(201);
      expect(processing.headers.location).to.equal(`/api/v1/delivery-orders/${SERVICE}/${orderID}/status-reports/3`);
      expect(expectFits('status-report.response.json', processing.json())).to.deep.include({ number: 3, status: 'Processing', from: 'Paid', setBy: 'provider', message: 'in work' });
      const read = await a.provider.get(processing.headers.location as string);
      expect(read.json()).to.deep.equal(processing.json());
      expect((await a.report(orderID, 'Ready')).status).to.equal(201);
      const list = expectFits('status-report-list.response.json', (await a.provider.get(`/api/v1/delivery-orders/${SERVICE}/${orderID}/status-reports`)).json());
      expect(list.items.map((report: { status: string; setBy: string }) => `${report.status} by ${report.setBy}`)).to.deep.equal([
        'AwaitingPayment by delivery-platform', 'Paid by delivery-platform', 'Processing by provider', 'Ready by provider',
      ]);
      expect(list.nextCursor).to.equal('');
    });

    it("refuses the delivery platform's and the carrier's statuses, and illegal moves, with the reason", async () => {
      const orderID = await orderIn(a, 'Paid');
      expect(expectProblem(await a.report(orderID, 'Delivered'), 400, 'InvalidParameter').detail).to.equal("Delivered is set by the carrier (through the delivery platform), not by the provider's system");
      expect(expectProblem(await a.report(orderID, 'Paid'), 400, 'InvalidParameter').detail).to.equal("Paid is set by the delivery platform, not by the provider's system");
      expect((await a.report(orderID, 'Cancelled')).status).to.equal(201);
      expect(expectProblem(await a.report(orderID, 'Processing'), 400, 'InvalidParameter').detail).to.equal('the order ended with Cancelled: no status can follow it');
    });

    it('pages an order\'s reports with cursor and limit, and answers 404 for a report it does not have', async () => {
      const orderID = await orderIn(a, 'Confirmed');
      const path = `/api/v1/delivery-orders/${SERVICE}/${orderID}/status-reports`;
      const seen: number[] = [];
      let cursor = '';
      do {
        const page = (await a.provider.get(path, { query: { limit: 3, ...(cursor && { cursor }) } })).json();
        seen.push(...page.items.map((report: { number: number }) => report.number));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).to.deep.equal([1, 2, 3, 4, 5, 6, 7]);
      for (const number of ['8', '0', 'x', '1e3']) expectProblem(await a.provider.get(`${path}/${number}`), 404);
      expectProblem(await a.provider.get(`/api/v1/delivery-orders/${SERVICE}/no-such-order/status-reports`), 404);
    });
  });

  describe('GET /api/v1/delivery-orders', () => {
    it("lists a service's orders oldest first, by status, page by page with nextCursor, without receiver data", async () => {
      const listing = await TestPlatform.start();
      try {
        const b = actors(listing);
        const ids: Record<string, string[]> = { Unknown: [], Paid: [], Cancelled: [] };
        for (let i = 0; i < 3; i += 1) for (const status of Object.keys(ids)) ids[status].push(await orderIn(b, status));
        const all = async (query: Record<string, string | number>) => {
          const found: string[] = [];
          let cursor = '';
          do {
            const response = await b.provider.get('/api/v1/delivery-orders', { query: { serviceID: SERVICE, ...query, ...(cursor && { cursor }) } });
            const page = expectFits('order-list.response.json', response.json());
            expect(page.items.length).to.be.at.most(Number(query.limit ?? 50));
            for (const item of page.items) expect(item).to.not.have.property('receiver');
            found.push(...page.items.map((item: { id: string; status: string }) => `${item.id} ${item.status}`));
            cursor = page.nextCursor;
          } while (cursor);
          return found;
        };
        const labelled = (...statuses: string[]) => [0, 1, 2].flatMap((i) => Object.keys(ids).filter((status) => statuses.includes(status)).map((status) => `${ids[status][i]} ${status}`));
        expect(await all({ limit: 2 })).to.deep.equal(labelled('Unknown', 'Paid', 'Cancelled'));
        expect(await all({ status: 'Paid,Cancelled', limit: 4 })).to.deep.equal(labelled('Paid', 'Cancelled'));
        expect(await all({ status: 'Delivered' })).to.deep.equal([]);
        const first = (await b.provider.get('/api/v1/delivery-orders', { query: { serviceID: SERVICE, status: 'Unknown', limit: 1 } })).json();
        expect(first.totalCount).to.equal(3);
      } finally {
        await listing.stop();
      }
    });

    it('refuses a missing serviceID, an unknown status, a bad cursor or limit, an unknown parameter, with InvalidParameter', async () => {
      const queries: Record<string, string | number>[] = [{}, { serviceID: SERVICE, status: 'Lost' }, { serviceID: SERVICE, cursor: 'abc' }, { serviceID: SERVICE, limit: 501 }, { serviceID: SERVICE, limit: 0 }, { serviceID: SERVICE, idnp: '2000000000011' }];
      for (const query of queries) expectProblem(await a.provider.get('/api/v1/delivery-orders', { query }), 400, 'InvalidParameter');
      expectProblem(await a.deliveryPlatform.get('/api/v1/delivery-orders', { query: { serviceID: SERVICE } }), 403);
    });
  });
});
