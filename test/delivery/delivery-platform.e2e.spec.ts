import { expect } from 'chai';
import type { HttpsClient } from '../support/https-client';
import { TestPlatform } from '../support/test-platform';
import { actors, CARRIER, expectFits, expectProblem, orderBody, orderIn, PLATFORM_PATH, SERVICE, type Actors } from './delivery-test-kit';

/** A second delivery platform client, for another service only, and a provider of that service. */
const OTHER_PLATFORM = { id: 'other-delivery-platform', idno: '1000000000077', certificate: { commonName: 'other-delivery-platform' }, rights: { delivery: ['platform:OTHER-SERVICE', 'platform:NO-PROVIDER'] } };
const OTHER_PROVIDER = { id: 'other-provider', idno: '1000000000078', certificate: { commonName: 'other-provider' }, rights: { delivery: ['provider:OTHER-SERVICE'] } };

describe('Delivery: the three operations the delivery platform calls (e2e over mTLS)', function () {
  this.timeout(120_000);
  let platform: TestPlatform;
  let a: Actors;

  before(async () => {
    platform = await TestPlatform.start({ extraClients: [OTHER_PLATFORM, OTHER_PROVIDER] });
    a = actors(platform);
  });
  after(() => platform.stop());

  describe('GET .../orders/{orderID}/delivery/details', () => {
    it("answers the seed's order details: status Unknown until a delivery is added, dates in UTC", async () => {
      const body = orderBody({ message: 'documents at the front office' });
      const orderID = await a.register(body);
      const response = await a.details(orderID);
      expect(response.status, response.text).to.equal(200);
      const details = expectFits('order-details.response.json', response.json());
      expect(Object.keys(details)).to.deep.equal(['id', 'isPaid', 'status', 'message', 'receiver', 'pickupPointCode', 'orderSubmittedAt', 'deliveryAcceptedUntil', 'estimatedReadyAt', 'products']);
      expect(details).to.deep.include({ id: orderID, isPaid: false, status: 'Unknown', message: 'documents at the front office', receiver: body.receiver, products: body.products });
      expect(details.orderSubmittedAt).to.equal(new Date(body.orderSubmittedAt).toISOString());
      expect(details.deliveryAcceptedUntil).to.equal(new Date(body.deliveryAcceptedUntil).toISOString());
    });

    it('answers the current status and its message, and isPaid once the delivery platform pushed Paid', async () => {
      const orderID = await a.register();
      expect((await a.push(orderID, 'AwaitingPayment')).status).to.equal(204);
      expect((await a.details(orderID)).json()).to.include({ status: 'AwaitingPayment', isPaid: false });
      expect((await a.push(orderID, 'Paid', { message: 'MPay 123' })).status).to.equal(204);
      expect((await a.details(orderID)).json()).to.include({ status: 'Paid', isPaid: true, message: 'MPay 123' });
    });

    it('answers 404 for an order the service does not have, and for a service no provider is registered for', async () => {
      expectProblem(await a.details('no-such-order'), 404);
      const other = platform.client('other-delivery-platform');
      expectProblem(await other.get('/api/v1/delivery/services/NO-PROVIDER/orders/x/delivery/details'), 404);
      expectProblem(await other.get('/api/v1/delivery/services/NO-PROVIDER/delivery/changes'), 404);
    });
  });

  describe('PUT .../orders/{orderID}/delivery/status', () => {
    it('answers 204 with no body, and takes the misspelt AwaytingPayment for AwaitingPayment', async () => {
      const orderID = await a.register();
      const response = await a.push(orderID, 'AwaytingPayment', { carrierEstimatedDeliveryStart: '2026-01-20T15:20:52.923+02:00', carrierEstimatedDeliveryEnd: '2026-01-20T17:20:52.923Z', carrierCost: 65 });
      expect(response.status, response.text).to.equal(204);
      expect(response.text).to.equal('');
      expect((await a.details(orderID)).json().status).to.equal('AwaitingPayment');
      const order = (await a.provider.get(`/api/v1/delivery-orders/${SERVICE}/${orderID}`)).json();
      expect(order.carrier).to.deep.equal({ ...CARRIER, carrierEstimatedDeliveryStart: '2026-01-20T13:20:52.923Z', carrierEstimatedDeliveryEnd: '2026-01-20T17:20:52.923Z', carrierCost: 65 });
    });

    it('refuses an illegal move with 400, the code InvalidParameter and the reason', async () => {
      const orderID = await orderIn(a, 'Delivered');
      const problem = expectProblem(await a.push(orderID, 'Ready'), 400, 'InvalidParameter');
      expect(problem.detail).to.equal("Ready cannot follow Delivered: an order's status does not go back; from Delivered the order may go to Confirmed");
      expect(problem.errors).to.deep.equal({ status: [problem.detail] });
    });

    it("refuses the provider's statuses and Unknown from the delivery platform", async () => {
      const orderID = await orderIn(a, 'Paid');
      expect(expectProblem(await a.push(orderID, 'Processing'), 400, 'InvalidParameter').detail).to.equal("Processing is set by the provider's system, not by the delivery platform");
      expect(expectProblem(await a.push(orderID, 'Unknown'), 400, 'InvalidParameter').detail).to.match(/^Unknown is not set by anyone/);
    });

    it('requires status, carrierName and trackingID, and refuses unknown members, naming each field', async () => {
      const orderID = await a.register();
      const problem = expectProblem(await a.deliveryPlatform.put(`${PLATFORM_PATH}/orders/${orderID}/delivery/status`, { body: { state: 'Paid' } }), 400, 'InvalidParameter');
      expect(Object.keys(problem.errors).sort()).to.deep.equal(['carrierName', 'state', 'status', 'trackingID']);
      const wrongStatus = expectProblem(await a.push(orderID, 'ready'), 400, 'InvalidParameter');
      expect(wrongStatus.errors.status[0]).to.match(/^must be one of AwaitingPayment, Paid, /);
    });

    it('answers 404 for an order the service does not have', async () => {
      expectProblem(await a.push('no-such-order', 'AwaitingPayment'), 404);
    });
  });

  describe('GET .../{serviceID}/delivery/changes', () => {
    it("answers a JSON array of the provider's changes, oldest first, then nothing new", async () => {
      await a.changes();
      const first = await orderIn(a, 'Paid');
      const second = await orderIn(a, 'Paid');
      expect((await a.report(first, 'Processing')).status).to.equal(201);
      expect((await a.report(second, 'Cancelled', { message: 'withdrawn' })).status).to.equal(201);
      expect((await a.report(first, 'Ready')).status).to.equal(201);
      expect(await a.changes()).to.deep.equal([
        { serviceID: SERVICE, orderID: first, status: 'Processing' },
        { serviceID: SERVICE, orderID: second, status: 'Cancelled' },
        { serviceID: SERVICE, orderID: first, status: 'Ready' },
      ]);
      expect(await a.changes()).to.deep.equal([]);
    });

    it("does not echo the delivery platform's own pushes: of a delivered order, the provider's Ready alone", async () => {
      await a.changes();
      const orderID = await orderIn(a, 'Delivered');
      expect(await a.changes()).to.deep.equal([{ serviceID: SERVICE, orderID, status: 'Ready' }]);
    });
  });

  describe('identity', () => {
    const operations = (orderID: string): [string, (client: HttpsClient) => ReturnType<HttpsClient['get']>][] => [
      ['details', (client) => client.get(`${PLATFORM_PATH}/orders/${orderID}/delivery/details`)],
      ['status', (client) => client.put(`${PLATFORM_PATH}/orders/${orderID}/delivery/status`, { body: { status: 'AwaitingPayment', ...CARRIER } })],
      ['changes', (client) => client.get(`${PLATFORM_PATH}/delivery/changes`)],
    ];

    it('answers 401 with the code AuthenticationFailed to a caller without a certificate, or with one the registry does not know', async () => {
      const orderID = await a.register();
      for (const [name, call] of operations(orderID)) {
        for (const client of [platform.anonymous(), platform.stranger('unregistered'), platform.stranger('untrusted')]) {
          const problem = expectProblem(await call(client), 401, 'AuthenticationFailed');
          expect(problem.detail, name).to.match(/^the client could not be identified/);
        }
      }
    });

    it('answers 403 to a client without the delivery-platform right for the service (the provider itself, or the platform of another service)', async () => {
      const orderID = await a.register();
      for (const [, call] of operations(orderID)) {
        for (const client of [a.provider, platform.client('other-delivery-platform'), platform.client('demo-auditor')]) expectProblem(await call(client), 403);
      }
      expect((await a.details(orderID)).json().status, 'nothing was pushed').to.equal('Unknown');
    });
  });
});
