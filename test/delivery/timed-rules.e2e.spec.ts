import { expect } from 'chai';
import { ORDER_STATUS_CHANGED } from '../../src/delivery/order/events';
import { fixedClock } from '../../src/platform/clock';
import { TestPlatform } from '../support/test-platform';
import { actors, deliveryModule, expectProblem, orderBody, orderIn, SERVICE, type Actors } from './delivery-test-kit';

/** Monday 2 March 2026, 10:00 in Chisinau. */
const START = new Date('2026-03-02T08:00:00Z');

describe('Delivery: timed rules, with a fixed clock and across restarts (e2e over mTLS)', function () {
  this.timeout(120_000);
  const clock = fixedClock(START);
  let platform: TestPlatform;
  let a: Actors;

  before(async () => {
    platform = await TestPlatform.start({ clock });
    a = actors(platform);
  });
  after(() => platform.stop());

  const body = () => orderBody({ orderSubmittedAt: '2026-03-01T10:00:00+02:00', deliveryAcceptedUntil: '2026-03-05T12:00:00+02:00', estimatedReadyAt: '2026-03-03T10:00:00Z' });
  const statusOf = async (orderID: string) => (await a.details(orderID)).json().status as string;
  const sweep = () => deliveryModule(platform).runSweep();
  const restart = async () => {
    await platform.restart();
    a = actors(platform);
  };
  const statusChanges = async () => (await platform.platform.stores.events.readAll({ after: 0, limit: 100_000, filter: { types: [ORDER_STATUS_CHANGED] } })).length;

  it('expires an order still AwaitingPayment at deliveryAcceptedUntil, tells the delivery platform through the changes feed, and nothing else', async () => {
    const awaiting = await orderIn(a, 'AwaitingPayment', body());
    const paid = await orderIn(a, 'Paid', body());
    const unknown = await orderIn(a, 'Unknown', body());
    await a.changes();
    clock.set(new Date('2026-03-05T09:59:59.999Z'));
    await sweep();
    expect(await statusOf(awaiting)).to.equal('AwaitingPayment');
    clock.set(new Date('2026-03-05T10:00:00Z'));
    await sweep();
    expect([await statusOf(awaiting), await statusOf(paid), await statusOf(unknown)]).to.deep.equal(['Expired', 'Paid', 'Unknown']);
    expect(await a.changes()).to.deep.equal([{ serviceID: SERVICE, orderID: awaiting, status: 'Expired' }]);
    const reports = (await a.provider.get(`/api/v1/delivery-orders/${SERVICE}/${awaiting}/status-reports`)).json().items;
    expect(reports.at(-1)).to.deep.include({ status: 'Expired', setBy: 'provider', rule: 'payment-deadline', changedAt: '2026-03-05T10:00:00.000Z', message: 'the delivery was not paid by deliveryAcceptedUntil' });
    // past the deadline a delivery can no longer be added to the order that has none
    expect(expectProblem(await a.push(unknown, 'AwaitingPayment'), 400, 'InvalidParameter').detail).to.match(/^deliveryAcceptedUntil \(2026-03-05T10:00:00.000Z\) has passed/);
  });

  it('expires an order the carrier did not pick up by the end of the 10th working day after it became Ready', async () => {
    clock.set(START);
    const ready = await orderIn(a, 'Ready', body());
    const awaitingPickup = await orderIn(a, 'AwaitingPickup', body());
    const pickedUp = await orderIn(a, 'Delivering', body());
    const order = (await a.provider.get(`/api/v1/delivery-orders/${SERVICE}/${ready}`)).json();
    // Monday 2 March + 10 working days = Monday 16 March; its end is 17 March 00:00 in Chisinau (+02:00)
    expect(order.pickupDueAt).to.equal('2026-03-16T22:00:00.000Z');
    clock.set(new Date('2026-03-16T21:59:59.999Z'));
    await sweep();
    expect([await statusOf(ready), await statusOf(awaitingPickup), await statusOf(pickedUp)]).to.deep.equal(['Ready', 'AwaitingPickup', 'Delivering']);
    clock.set(new Date('2026-03-16T22:00:00.000Z'));
    await sweep();
    expect([await statusOf(ready), await statusOf(awaitingPickup), await statusOf(pickedUp)]).to.deep.equal(['Expired', 'Expired', 'Delivering']);
  });

  it('runs the sweep at start: a deadline passed while the platform was down is acted on at once, and only once', async () => {
    clock.set(START);
    const ready = await orderIn(a, 'Ready', body());
    const delivering = await orderIn(a, 'Delivering', body());
    const before = await statusChanges();
    clock.set(new Date('2026-03-16T22:00:00.000Z'));
    await restart();
    expect([await statusOf(ready), await statusOf(delivering)]).to.deep.equal(['Expired', 'Delivering']);
    expect(await statusChanges()).to.equal(before + 1);
    const reports = (await a.provider.get(`/api/v1/delivery-orders/${SERVICE}/${ready}/status-reports`)).json().items;
    expect(reports.at(-1)).to.deep.include({ status: 'Expired', rule: 'pickup-deadline', from: 'Ready' });
    await sweep();
    await restart();
    await sweep();
    expect(await statusChanges(), 'the sweep run again changes nothing').to.equal(before + 1);
  });
});
