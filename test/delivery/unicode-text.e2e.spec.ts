import { expect } from 'chai';
import { TestPlatform } from '../support/test-platform';
import { actors, CARRIER, expectProblem, orderBody, orderIn, PLATFORM_PATH, SERVICE } from './delivery-test-kit';

/**
 * Text that is not Unicode: JSON lets a lone surrogate be written as an escape ("\ud800"). The delivery
 * integration refuses it in every body, as the exchange and the event log do: kept, it went into the
 * order's events (not I-JSON), the details the delivery platform reads, and the receiver's notices.
 */
describe('Delivery: lone surrogates in the text of a request (e2e over mTLS)', function () {
  this.timeout(120_000);
  let platform: TestPlatform;

  before(async () => {
    platform = await TestPlatform.start();
  });
  after(() => platform.stop());

  it('refuses a lone surrogate in an order, a status push and a status report with 400 InvalidParameter naming the member; nothing is written', async () => {
    const a = actors(platform);
    const events = platform.platform.stores.events;
    const paid = await orderIn(a, 'Paid');
    const body = orderBody();
    const cases: [string, () => ReturnType<typeof a.report>, string][] = [
      ['order', () => a.provider.post('/api/v1/delivery-orders', { body: { ...body, receiver: { ...body.receiver, name: 'Popescu\ud800' } } }), 'receiver.name'],
      ['order', () => a.provider.post('/api/v1/delivery-orders', { body: { ...body, products: [{ ...body.products[0], description: '\udc00' }] } }), 'products.0.description'],
      ['push', () => a.deliveryPlatform.put(`${PLATFORM_PATH}/orders/${paid}/delivery/status`, { body: { status: 'Ready', ...CARRIER, message: 'gata \ud800' } }), 'message'],
      ['push', () => a.deliveryPlatform.put(`${PLATFORM_PATH}/orders/${paid}/delivery/status`, { body: { status: 'Ready', ...CARRIER, carrierName: 'Muvi\udfff' } }), 'carrierName'],
      ['report', () => a.report(paid, 'Processing', { message: 'în lucru \ud83d' }), 'message'],
    ];
    for (const [what, send, member] of cases) {
      const head = await events.headPosition();
      const problem = expectProblem(await send(), 400, 'InvalidParameter');
      expect(Object.keys(problem.errors), what).to.deep.equal([member]);
      const written = await events.readAll({ after: head, limit: 100, filter: { kinds: ['standard'] } });
      expect(written.filter((stored) => /^(delivery|eventlog)-/.test(stored.streamId)).map((stored) => stored.event.type), `${what} was refused but wrote`).to.deep.equal([]);
    }
    // a pair of surrogates is a character like any other
    const response = await a.report(paid, 'Processing', { message: 'în lucru 👍🏽' });
    expect(response.status, response.text).to.equal(201);
    expect((await a.provider.get(`/api/v1/delivery-orders/${SERVICE}/${paid}`)).json().details.status).to.equal('Processing');
  });
});
