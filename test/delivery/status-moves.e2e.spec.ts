import { expect } from 'chai';
import { ORDER_STATUS_CHANGED, type OrderStatusChanged } from '../../src/delivery/order/events';
import { toOrderStreamId } from '../../src/delivery/order/stream';
import type { HttpResponse } from '../support/https-client';
import { TestPlatform } from '../support/test-platform';
import { actors, orderIn, PATHS, SERVICE, type Actors } from './delivery-test-kit';

/**
 * Every legal move, written out here as the specification (docs/decisions.md, "Delivery: the status
 * machine"): from -> the statuses that may follow, each with the channel that sets it: "report" (the
 * provider's status report) or "push" (the delivery platform's status operation, for itself or the carrier).
 */
const LEGAL: Record<string, string[]> = {
  Unknown: ['push AwaitingPayment', 'push Paid', 'report Cancelled', 'report Expired'],
  AwaitingPayment: ['push Paid', 'report Cancelled', 'report Expired'],
  Paid: ['report Processing', 'report Ready', 'push Ready', 'report Cancelled', 'report Expired'],
  Processing: ['report Processing', 'report Ready', 'push Ready', 'report Cancelled', 'report Expired'],
  Ready: ['report Ready', 'push Ready', 'push AwaitingPickup', 'report Cancelled', 'report Expired'],
  AwaitingPickup: ['push AwaitingPickup', 'push Delivering', 'push Problem', 'report Cancelled', 'report Expired'],
  Delivering: ['push Delivering', 'push Delivered', 'push Problem', 'push Returning', 'push Returned'],
  Problem: ['push Problem', 'push AwaitingPickup', 'push Delivering', 'push Delivered', 'push Returning', 'push Returned'],
  Returning: ['push Returned', 'push Problem'],
  Delivered: ['push Confirmed'],
  Confirmed: [],
  Returned: [],
  Cancelled: [],
  Expired: [],
};
const STATUSES = Object.keys(PATHS);
/** each status through both channels: the wrong channel is an illegal move too */
const ATTEMPTS = STATUSES.flatMap((status) => [`push ${status}`, `report ${status}`]);

describe('Delivery: every move of the status machine, and concurrent pushes (e2e over mTLS)', function () {
  this.timeout(600_000);
  let platform: TestPlatform;
  let a: Actors;

  before(async () => {
    platform = await TestPlatform.start();
    a = actors(platform);
  });
  after(() => platform.stop());

  const attempt = (orderID: string, move: string, message: string): Promise<HttpResponse> => {
    const [channel, status] = move.split(' ');
    return channel === 'push' ? a.push(orderID, status, { message }) : a.report(orderID, status, { message });
  };
  const statusOf = async (orderID: string) => (await a.details(orderID)).json().status as string;
  const changesOf = async (orderID: string) =>
    (await platform.platform.stores.events.readStream(toOrderStreamId(SERVICE, orderID)))
      .filter((stored) => stored.event.type === ORDER_STATUS_CHANGED)
      .map((stored) => stored.event.data as OrderStatusChanged['data']);

  for (const from of STATUSES) {
    it(`from ${from}: accepts ${LEGAL[from].length ? LEGAL[from].join(', ') : 'nothing'}; refuses every other status with 400 InvalidParameter and leaves the order as it was`, async () => {
      const outcomes = await Promise.all(
        ATTEMPTS.map(async (move) => {
          const orderID = await orderIn(a, from);
          const response = await attempt(orderID, move, `e2e ${move}`);
          return { move, orderID, response, after: await statusOf(orderID) };
        }),
      );
      for (const { move, response, after } of outcomes) {
        const legal = LEGAL[from].includes(move);
        const [channel, to] = move.split(' ');
        if (legal) {
          expect(response.status, `${from} -> ${move}: ${response.text}`).to.equal(channel === 'push' ? 204 : 201);
          expect(after, `${from} -> ${move}`).to.equal(to);
        } else {
          expect(response.status, `${from} -> ${move}: ${response.text}`).to.equal(400);
          expect(response.json(), `${from} -> ${move}`).to.include({ code: 'InvalidParameter' });
          expect(response.json().detail, `${from} -> ${move}`).to.be.a('string').and.not.empty;
          expect(after, `${from} -> ${move} left the order as it was`).to.equal(from);
        }
      }
    });
  }

  it('accepts the same push with the same content once: 204 again, one event', async () => {
    const orderID = await a.register();
    for (let i = 0; i < 3; i += 1) expect((await a.push(orderID, 'AwaitingPayment', { message: 'confirmed' })).status).to.equal(204);
    expect((await a.push(orderID, 'AwaytingPayment', { message: 'confirmed' })).status, 'the misspelling is the same status').to.equal(204);
    expect((await changesOf(orderID)).map((change) => change.to)).to.deep.equal(['AwaitingPayment']);
  });

  it('answers the same status report again with the report recorded the first time', async () => {
    const orderID = await orderIn(a, 'Paid');
    const first = await a.report(orderID, 'Processing', { message: 'in work' });
    const again = await a.report(orderID, 'Processing', { message: 'in work' });
    expect([first.status, again.status]).to.deep.equal([201, 201]);
    expect(again.headers.location).to.equal(first.headers.location);
    expect(again.json()).to.deep.equal(first.json());
    expect((await changesOf(orderID)).map((change) => change.to)).to.deep.equal(['AwaitingPayment', 'Paid', 'Processing']);
  });

  it('takes a late retry of a report already recorded as the retry it is, even after the order moved on', async () => {
    const orderID = await orderIn(a, 'Paid');
    expect((await a.report(orderID, 'Ready')).status).to.equal(201);
    expect((await a.push(orderID, 'AwaitingPickup')).status).to.equal(204);
    expect((await a.push(orderID, 'Paid')).status).to.equal(204);
    expect((await a.report(orderID, 'Ready')).status).to.equal(201);
    expect((await changesOf(orderID)).map((change) => change.to)).to.deep.equal(['AwaitingPayment', 'Paid', 'Ready', 'AwaitingPickup']);
  });

  it('the same push sent 20 times at once: every one 204, one event', async () => {
    const orderID = await a.register();
    const responses = await Promise.all(Array.from({ length: 20 }, () => a.push(orderID, 'AwaitingPayment', { message: 'confirmed' })));
    expect(responses.map((response) => response.status)).to.deep.equal(Array(20).fill(204));
    expect(await changesOf(orderID)).to.have.length(1);
  });

  it('competing pushes and reports at once on one order: every accepted one recorded, the history a chain of legal moves, no lost update', async () => {
    const moves = ['push Delivered', 'push Returning', 'push Returned', 'push Problem', 'push Delivering', 'push AwaitingPickup', 'push Confirmed', 'report Cancelled', 'push Ready'];
    for (let round = 0; round < 3; round += 1) {
      const orderID = await orderIn(a, 'AwaitingPickup');
      const before = (await changesOf(orderID)).length;
      // each request with a message of its own, so that none is a retry of another
      const sent = moves.flatMap((move) => [1, 2, 3].map((copy) => ({ move, message: `${move} #${copy} round ${round}` })));
      const responses = await Promise.all(sent.map(({ move, message }) => attempt(orderID, move, message)));
      const accepted = sent.filter((_, index) => responses[index].status < 300);
      for (const response of responses) expect(response.status, response.text).to.be.oneOf([201, 204, 400]);
      const changes = (await changesOf(orderID)).slice(before);
      expect(changes.map((change) => change.message).sort(), 'each accepted request is one recorded change').to.deep.equal(accepted.map(({ message }) => message).sort());
      let current = 'AwaitingPickup';
      for (const change of changes) {
        expect(change.from, `change ${change.number}`).to.equal(current);
        const channel = change.setBy === 'provider' ? 'report' : 'push';
        expect(LEGAL[change.from], `change ${change.number}: ${change.from} -> ${change.to}`).to.include(`${channel} ${change.to}`);
        current = change.to;
      }
      expect(changes.map((change) => change.number)).to.deep.equal(changes.map((_, index) => before + index + 1));
      expect(await statusOf(orderID)).to.equal(current);
    }
  });
});
