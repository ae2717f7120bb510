import { expect } from 'chai';
import { FINAL_STATUSES, MOVES, moveRefusal } from '../../src/delivery/order/status-machine';
import { DELIVERY_STATUSES, pushSetter, readStatus, SETTERS, STATUS_NUMBERS, type DeliveryStatus } from '../../src/delivery/order/statuses';

describe('Delivery: statuses and their machine (unit)', () => {
  it('numbers the 14 statuses as the seed does, and reads the misspelt AwaytingPayment as AwaitingPayment', () => {
    expect(DELIVERY_STATUSES.map((status) => `${STATUS_NUMBERS[status]} ${status}`)).to.deep.equal([
      '1 AwaitingPayment', '2 Paid', '3 Processing', '4 Cancelled', '5 Expired', '6 Ready', '7 AwaitingPickup',
      '8 Delivering', '9 Delivered', '10 Confirmed', '11 Problem', '12 Returning', '13 Returned', '14 Unknown',
    ]);
    expect(readStatus('AwaytingPayment')).to.equal('AwaitingPayment');
    expect(readStatus('Ready')).to.equal('Ready');
    expect(['ready', 'toString', '__proto__', '6', ''].map(readStatus)).to.deep.equal([null, null, null, null, null]);
  });

  it('gives 1-2 to the delivery platform, 3-6 to the provider, 7-13 to the carrier, Ready also to the platform, Unknown to nobody', () => {
    const setBy = (who: string) => DELIVERY_STATUSES.filter((status) => SETTERS[status].includes(who as never)).map((status) => STATUS_NUMBERS[status]);
    expect(setBy('delivery-platform')).to.deep.equal([1, 2, 6]);
    expect(setBy('provider')).to.deep.equal([4, 5, 3, 6].sort((a, b) => a - b));
    expect(setBy('carrier')).to.deep.equal([7, 8, 9, 10, 11, 12, 13]);
    expect(SETTERS.Unknown).to.deep.equal([]);
    expect(DELIVERY_STATUSES.map(pushSetter).filter((who) => who === 'carrier')).to.have.length(7);
  });

  it('walks the seed main path, each step by whoever sets it', () => {
    const path: [DeliveryStatus, DeliveryStatus, 'delivery-platform' | 'provider' | 'carrier'][] = [
      ['Unknown', 'AwaitingPayment', 'delivery-platform'],
      ['AwaitingPayment', 'Paid', 'delivery-platform'],
      ['Paid', 'Processing', 'provider'],
      ['Processing', 'Ready', 'provider'],
      ['Ready', 'Ready', 'delivery-platform'],
      ['Ready', 'AwaitingPickup', 'carrier'],
      ['AwaitingPickup', 'Delivering', 'carrier'],
      ['Delivering', 'Delivered', 'carrier'],
      ['Delivered', 'Confirmed', 'carrier'],
    ];
    for (const [from, to, setter] of path) expect(moveRefusal(from, to, setter), `${from} -> ${to}`).to.equal(null);
  });

  it('ends an order with Cancelled, Expired, Confirmed or Returned: nothing follows them', () => {
    expect([...FINAL_STATUSES].sort()).to.deep.equal(['Cancelled', 'Confirmed', 'Expired', 'Returned']);
    for (const final of FINAL_STATUSES) {
      for (const to of DELIVERY_STATUSES) expect(moveRefusal(final, to, pushSetter(to))).to.equal(`the order ended with ${final}: no status can follow it`);
    }
  });

  it('confirms only a delivered order', () => {
    expect(DELIVERY_STATUSES.filter((from) => MOVES[from].includes('Confirmed'))).to.deep.equal(['Delivered']);
    expect(moveRefusal('Delivering', 'Confirmed', 'carrier')).to.equal(
      'Confirmed cannot follow Delivering; from Delivering the order may go to Delivered, Problem, Returning, Returned',
    );
  });

  it('refuses a status that goes back, and says where the order may go', () => {
    expect(moveRefusal('Delivered', 'Ready', 'delivery-platform')).to.equal(
      'Ready cannot follow Delivered: an order\'s status does not go back; from Delivered the order may go to Confirmed',
    );
    expect(moveRefusal('Paid', 'AwaitingPayment', 'delivery-platform')).to.match(/^AwaitingPayment cannot follow Paid: an order's status does not go back/);
  });

  it("refuses a status its sender does not set, naming who does", () => {
    expect(moveRefusal('Paid', 'Processing', 'delivery-platform')).to.equal("Processing is set by the provider's system, not by the delivery platform");
    expect(moveRefusal('Delivering', 'Delivered', 'provider')).to.equal("Delivered is set by the carrier (through the delivery platform), not by the provider's system");
    expect(moveRefusal('Unknown', 'Unknown', 'delivery-platform')).to.equal('Unknown is not set by anyone: it is the status of an order that holds no delivery');
  });

  it('lets a status be reported again with other details only where the table says so', () => {
    expect(DELIVERY_STATUSES.filter((status) => MOVES[status].includes(status))).to.deep.equal(['Processing', 'Ready', 'AwaitingPickup', 'Delivering', 'Problem']);
    expect(moveRefusal('Paid', 'Paid', 'delivery-platform')).to.equal('the order is already Paid, and Paid is not reported again with other details; from Paid the order may go to Processing, Ready, Cancelled, Expired');
  });

  it('reaches every status from Unknown, and an end from every status', () => {
    const reachable = new Set<DeliveryStatus>(['Unknown']);
    for (let grew = true; grew; ) {
      grew = false;
      for (const from of [...reachable]) for (const to of MOVES[from]) if (!reachable.has(to)) grew = Boolean(reachable.add(to));
    }
    expect([...reachable].sort()).to.deep.equal([...DELIVERY_STATUSES].sort());
    const ending = (status: DeliveryStatus, seen = new Set<DeliveryStatus>()): boolean =>
      MOVES[status].length === 0 || MOVES[status].some((to) => !seen.has(to) && ending(to, new Set([...seen, status])));
    expect(DELIVERY_STATUSES.filter((status) => !ending(status))).to.deep.equal([]);
  });

  it('lets the provider cancel or expire an order until the carrier has it, and never after', () => {
    const cancellable = DELIVERY_STATUSES.filter((from) => moveRefusal(from, 'Cancelled', 'provider') === null);
    expect(cancellable).to.deep.equal(['AwaitingPayment', 'Paid', 'Processing', 'Ready', 'AwaitingPickup', 'Unknown']);
    expect(DELIVERY_STATUSES.filter((from) => moveRefusal(from, 'Expired', 'provider') === null)).to.deep.equal(cancellable);
  });
});
