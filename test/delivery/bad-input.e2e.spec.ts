import { expect } from 'chai';
import { CHANGES_PAGE_WRITTEN } from '../../src/delivery/changes-cursor/events';
import { seededRandom } from '../support/generated-input';
import type { HttpsClient } from '../support/https-client';
import { checksWrites, describeRequest, FUZZ_SEED, FuzzTally, fuzzRequests, jsonRequest, METHODS, mutated, queryOf, runOperations, segmentOf, type RawRequest } from '../support/service-fuzz';
import { TestPlatform } from '../support/test-platform';
import { actors, CARRIER, orderBody, orderIn, SERVICE } from './delivery-test-kit';

/**
 * Generated bad input against every endpoint of the delivery integration: the three operations of the
 * seed, the intake and the status reports. Bodies with members deleted, retyped, renamed or made up,
 * broken JSON, odd statuses and dates, junk path segments, odd query strings, other methods, and callers
 * without the right. Whatever arrives, the answer is a 2xx or a 4xx problem, never a 5xx, and a refused
 * request writes nothing (no order, no status change, no cursor page, no access logged). Seeded:
 * FUZZ_SEED, FUZZ_REQUESTS, FUZZ_CONCURRENCY (test/support/service-fuzz.ts); FUZZ_VERBOSE=1 prints the tally.
 */
const REQUESTS = fuzzRequests(600);
const STATUSES = ['AwaitingPayment', 'AwaytingPayment', 'Paid', 'Processing', 'Cancelled', 'Expired', 'Ready', 'AwaitingPickup', 'Delivering', 'Delivered', 'Confirmed', 'Problem', 'Returning', 'Returned', 'Unknown', 'ready', '6', 'Lost'];
const DATES = ['2026-12-01T10:00:00+02:00', '2026-12-01T10:00:00Z', '2026-12-01', '2026-02-30T10:00:00Z', '2026-12-01T10:00:00', '9999-12-31T23:59:59Z', '1899-12-31T00:00:00Z'];

describe('Delivery: generated bad input never gets a 5xx (e2e over mTLS)', function () {
  this.timeout(600_000);
  let platform: TestPlatform;

  before(async () => {
    platform = await TestPlatform.start();
  });
  after(() => platform.stop());

  it(`answers ${REQUESTS} generated requests with 2xx or a 4xx problem; a refused request writes nothing (seed ${FUZZ_SEED})`, async () => {
    const random = seededRandom(FUZZ_SEED);
    const tally = new FuzzTally();
    const a = actors(platform);
    const events = platform.platform.stores.events;
    const clients: HttpsClient[] = [a.provider, a.deliveryPlatform, platform.client('demo-auditor'), platform.anonymous()];
    const orders: string[] = [];
    for (const status of ['Unknown', 'Paid', 'Ready', 'Delivering', 'Cancelled']) orders.push(await orderIn(a, status));
    const order = () => (random.chance(0.85) ? random.pick(orders) : random.pick(['no-such-order', 'o'.repeat(101), 'a b']));
    const caller = (usual: HttpsClient) => (random.chance(0.9) ? usual : random.pick(clients));

    const send = async (what: string, client: HttpsClient, method: string, path: string, options: RawRequest = {}) => {
      const head = await events.headPosition();
      const response = tally.check(what, describeRequest(method, path, options), await client.request(method, path, options));
      if (response.status >= 400 && checksWrites) {
        // what the service writes, and the accesses it logs (the notification service works on in the background);
        // a page of the changes feed is recorded as written after its answer went out: that one belongs to an earlier request
        const written = (await events.readAll({ after: head, limit: 1000, filter: { kinds: ['standard'] } })).filter(
          (stored) => /^(delivery|eventlog)-/.test(stored.streamId) && stored.event.type !== CHANGES_PAGE_WRITTEN,
        );
        expect(written.map((stored) => `${stored.event.type} ${stored.streamId}`), `${what} was refused but wrote`).to.deep.equal([]);
      }
      return response;
    };
    const platformPath = (rest: string) => `/api/v1/delivery/services/${segmentOf(random, SERVICE, 0.15)}${rest}`;
    const statusUpdate = () => ({
      status: random.pick(STATUSES), ...CARRIER,
      ...(random.chance(0.5) && { message: random.pick(['in work', '', 'x'.repeat(2001), 'Chișinău']) }),
      ...(random.chance(0.3) && { carrierEstimatedDeliveryStart: random.pick(DATES), carrierEstimatedDeliveryEnd: random.pick(DATES), carrierCost: random.pick([0, 65, -1, 1e10]) }),
    });

    const operations: Record<string, () => Promise<void>> = {
      'GET details': async () => {
        await send('GET details', caller(a.deliveryPlatform), 'GET', `${platformPath(`/orders/${segmentOf(random, order(), 0.2)}/delivery/details`)}${random.chance(0.2) ? queryOf(random, { x: '1' }) : ''}`);
      },
      'PUT status': async () => {
        const body = random.chance(0.5) ? statusUpdate() : mutated(random, statusUpdate(), STATUSES);
        await send('PUT status', caller(a.deliveryPlatform), 'PUT', platformPath(`/orders/${segmentOf(random, order(), 0.2)}/delivery/status`), jsonRequest(random, body));
      },
      'GET changes': async () => {
        await send('GET changes', caller(a.deliveryPlatform), 'GET', `${platformPath('/delivery/changes')}${random.chance(0.2) ? queryOf(random, { cursor: '1' }) : ''}`);
      },
      'POST order': async () => {
        const valid = orderBody({ deliveryAcceptedUntil: random.pick(['2099-01-01T00:00:00Z', ...DATES]) });
        const response = await send('POST order', caller(a.provider), 'POST', '/api/v1/delivery-orders', jsonRequest(random, random.chance(0.4) ? valid : mutated(random, valid, DATES)));
        if (response.status === 201) orders.push(response.json().details.id);
      },
      'POST status report': async () => {
        const report = { status: random.pick(STATUSES), ...(random.chance(0.4) && { message: random.pick(['ready at the desk', '', 'x'.repeat(2001)]) }) };
        const path = `/api/v1/delivery-orders/${segmentOf(random, SERVICE, 0.1)}/${segmentOf(random, order(), 0.15)}/status-reports`;
        await send('POST status report', caller(a.provider), 'POST', path, jsonRequest(random, random.chance(0.5) ? report : mutated(random, report, STATUSES)));
      },
      'GET orders': async () => {
        const query = { serviceID: SERVICE, status: random.pick(['Paid', 'Paid,Ready', 'Lost', 'Paid,,Ready']), cursor: random.pick(['0', '5', '999999999999999', '-1']), limit: random.pick(['1', '50', '500', '501']) };
        await send('GET orders', caller(a.provider), 'GET', `/api/v1/delivery-orders${queryOf(random, query)}`);
      },
      'GET order': async () => {
        await send('GET order', caller(a.provider), 'GET', `/api/v1/delivery-orders/${segmentOf(random, SERVICE, 0.1)}/${segmentOf(random, order(), 0.2)}`);
      },
      'GET status reports': async () => {
        const path = `/api/v1/delivery-orders/${SERVICE}/${segmentOf(random, order(), 0.15)}/status-reports`;
        const one = random.chance(0.4) ? `/${random.pick(['1', '2', '0', '99', 'x', '1.5', '%00'])}` : '';
        await send('GET status reports', caller(a.provider), 'GET', `${path}${one}${queryOf(random, { limit: random.pick(['1', '3', '0']), cursor: random.pick(['0', '2', 'x']) })}`);
      },
      'other method': async () => {
        const path = random.pick([platformPath(`/orders/${order()}/delivery/details`), platformPath(`/orders/${order()}/delivery/status`), platformPath('/delivery/changes'), '/api/v1/delivery-orders', `/api/v1/delivery-orders/${SERVICE}/${order()}`, `/api/v1/delivery-orders/${SERVICE}/${order()}/status-reports`, '/api/v1/delivery', '/api/v1/delivery/services']);
        const method = random.pick(METHODS.filter((candidate) => candidate !== 'GET'));
        await send('other method', random.pick(clients), method, path, random.chance(0.5) ? jsonRequest(random, statusUpdate()) : {});
      },
    };
    const names = Object.keys(operations).filter((name) => name !== 'other method');
    await runOperations(random, REQUESTS, operations, [...names, ...names, 'other method', 'PUT status', 'POST order', 'POST status report']);
    if (process.env.FUZZ_VERBOSE) console.log(tally.describe());
    tally.expectBothSides(REQUESTS >= 500 ? names : []);
  });
});
