import { expect } from 'chai';
import type { SetStatus } from '../../src/delivery/order/commands';
import { orderDecider } from '../../src/delivery/order/decider';
import { IllegalStatusMoveError, InvalidOrderError, OrderAlreadyRegisteredError, OrderNotFoundError } from '../../src/delivery/order/errors';
import { ORDER_REGISTERED, ORDER_STATUS_CHANGED, type OrderEvent, type OrderStatusChanged } from '../../src/delivery/order/events';
import type { OrderDetails } from '../../src/delivery/order/order-details';
import type { DeliveryStatus, StatusSetter } from '../../src/delivery/order/statuses';
import { deciderSpec } from '../support/decider-spec';

const spec = deciderSpec(orderDecider);
const key = { serviceID: 'DEMO-SERVICE-1', orderID: 'o-1' };
const AT = '2026-03-02T10:00:00.000Z';
const details: OrderDetails = {
  isPaid: false,
  receiver: { type: 'Person', id: '2000000000011', firstName: 'Ion', name: 'Popescu', email: 'ion.popescu@example.md' },
  orderSubmittedAt: '2026-03-01T08:00:00.000Z',
  deliveryAcceptedUntil: '2026-03-10T08:00:00.000Z',
  estimatedReadyAt: '2026-03-05T08:00:00.000Z',
  products: [{ price: 50, quantity: 1, length: 30, width: 21, height: 1, weight: 0.1, holderID: '2000000000022' }],
};
const registered: OrderEvent = { type: ORDER_REGISTERED, data: { ...key, details, registeredBy: 'demo-institution', registeredAt: AT } };
const receiver = { type: 'Person' as const, id: '2000000000011', email: 'ion.popescu@example.md' };
const carrier = { carrierName: 'Muvi Express', trackingID: 'd-1' };

const set = (status: DeliveryStatus, setBy: StatusSetter, extra: Partial<SetStatus> = {}): SetStatus => ({
  type: 'SetStatus', ...key, status, setBy, by: setBy === 'provider' ? 'demo-institution' : 'demo-delivery-platform', at: AT, pickupWorkingDays: 10,
  ...(setBy === 'provider' ? {} : { carrier }), ...extra,
});
/** a status change; its number is given by history() */
const changed = (from: DeliveryStatus, to: DeliveryStatus, setBy: StatusSetter, extra: Partial<OrderStatusChanged['data']> = {}): OrderStatusChanged => ({
  type: ORDER_STATUS_CHANGED,
  data: {
    ...key, number: 0, from, to, setBy, changedBy: setBy === 'provider' ? 'demo-institution' : 'demo-delivery-platform', changedAt: AT,
    ...(setBy === 'provider' ? {} : { carrier }), receiver, ...extra,
  },
});
/** an order's history: registered, then these changes, numbered from 1 */
const history = (...changes: OrderStatusChanged[]): OrderEvent[] => [registered, ...changes.map((event, index) => ({ ...event, data: { ...event.data, number: index + 1 } }))];
/** the history of an order that went Unknown -> AwaitingPayment -> Paid, then `more` */
const paidThen = (...more: OrderStatusChanged[]) =>
  history(changed('Unknown', 'AwaitingPayment', 'delivery-platform'), changed('AwaitingPayment', 'Paid', 'delivery-platform'), ...more);

describe('Delivery: the order decider (unit)', () => {
  it('registers an order once; the same details again change nothing, other details are a conflict', () => {
    spec.given([]).when({ type: 'RegisterOrder', ...key, details, by: 'demo-institution', at: AT }).then([registered]);
    spec.given([registered]).when({ type: 'RegisterOrder', ...key, details: { ...details }, by: 'demo-institution', at: '2026-03-03T00:00:00.000Z' }).then([]);
    spec.given([registered]).when({ type: 'RegisterOrder', ...key, details: { ...details, isPaid: true }, by: 'demo-institution', at: AT }).thenThrows(OrderAlreadyRegisteredError);
  });

  it('refuses deadlines earlier than the order itself', () => {
    const early = { ...details, deliveryAcceptedUntil: '2026-02-01T00:00:00.000Z', estimatedReadyAt: '2026-02-01T00:00:00.000Z' };
    spec.given([]).when({ type: 'RegisterOrder', ...key, details: early, by: 'demo-institution', at: AT }).thenThrows(InvalidOrderError, /deliveryAcceptedUntil must not be earlier than orderSubmittedAt; estimatedReadyAt/);
  });

  it('knows no order it was not told of', () => {
    spec.given([]).when(set('AwaitingPayment', 'delivery-platform')).thenThrows(OrderNotFoundError, /service DEMO-SERVICE-1 has no order o-1/);
  });

  it('records a legal status change with its number, sender, details and the receiver to tell', () => {
    spec.given([registered]).when(set('AwaitingPayment', 'delivery-platform', { message: 'confirmed' })).then([
      { type: ORDER_STATUS_CHANGED, data: { ...key, number: 1, from: 'Unknown', to: 'AwaitingPayment', setBy: 'delivery-platform', changedBy: 'demo-delivery-platform', changedAt: AT, message: 'confirmed', carrier, receiver } },
    ]);
  });

  it('accepts the same report from the same sender once: a retry changes nothing, even after the order moved on', () => {
    const history = paidThen();
    spec.given(history).when(set('Paid', 'delivery-platform')).then([]);
    spec.given(paidThen(changed('Paid', 'Processing', 'provider'))).when(set('Paid', 'delivery-platform')).then([]);
    // other details are another report, refused where the status may not be reported again
    spec.given(paidThen()).when(set('Paid', 'delivery-platform', { message: 'again' })).thenThrows(IllegalStatusMoveError, /already Paid/);
  });

  it("records the delivery platform's Ready after the provider's: it brings the carrier's data", () => {
    spec.given(paidThen(changed('Paid', 'Ready', 'provider', { pickupDueAt: '2026-03-17T22:00:00.000Z' }))).when(set('Ready', 'delivery-platform')).thenMatches((events) => {
      expect(events).to.have.length(1);
      expect((events[0] as OrderStatusChanged).data).to.include({ from: 'Ready', to: 'Ready', setBy: 'delivery-platform', number: 4 });
      expect((events[0] as OrderStatusChanged).data).to.not.have.property('pickupDueAt');
    });
  });

  it('sets the pickup deadline on entering Ready: the end of the 10th working day after, in Chisinau', () => {
    // Monday 2 March 2026 + 10 working days = Monday 16 March; its end is 17 March 00:00 +02:00
    spec.given(paidThen()).when(set('Ready', 'provider')).thenMatches((events) => {
      expect((events[0] as OrderStatusChanged).data.pickupDueAt).to.equal('2026-03-16T22:00:00.000Z');
    });
  });

  it('refuses an illegal move with the reason', () => {
    spec.given(paidThen()).when(set('Delivered', 'carrier')).thenThrows(IllegalStatusMoveError, /^Delivered cannot follow Paid; from Paid the order may go to Processing, Ready, Cancelled, Expired$/);
    spec.given([registered]).when(set('Processing', 'delivery-platform')).thenThrows(IllegalStatusMoveError, /set by the provider's system/);
  });

  it('adds no delivery once deliveryAcceptedUntil has passed', () => {
    spec.given([registered]).when(set('AwaitingPayment', 'delivery-platform', { at: '2026-03-10T08:00:00.000Z' })).thenThrows(IllegalStatusMoveError, /deliveryAcceptedUntil \(2026-03-10T08:00:00.000Z\) has passed/);
    spec.given([registered]).when(set('AwaitingPayment', 'delivery-platform', { at: '2026-03-10T07:59:59.999Z' })).thenMatches((events) => expect(events).to.have.length(1));
    // the provider may still end the order
    spec.given([registered]).when(set('Cancelled', 'provider', { at: '2026-04-01T00:00:00.000Z' })).thenMatches((events) => expect(events).to.have.length(1));
  });

  it('expires an order not paid by deliveryAcceptedUntil, and only then', () => {
    const awaiting = history(changed('Unknown', 'AwaitingPayment', 'delivery-platform'));
    const expire = (at: string) => ({ type: 'ExpireOrder' as const, ...key, rule: 'payment-deadline' as const, by: 'delivery', at });
    spec.given(awaiting).when(expire('2026-03-10T07:59:59.999Z')).then([]);
    spec.given(awaiting).when(expire('2026-03-10T08:00:00.000Z')).thenMatches((events) => {
      expect((events[0] as OrderStatusChanged).data).to.deep.include({ from: 'AwaitingPayment', to: 'Expired', setBy: 'provider', changedBy: 'delivery', rule: 'payment-deadline', number: 2 });
    });
    spec.given(paidThen()).when(expire('2026-04-01T00:00:00.000Z')).then([]);
  });

  it('expires an order the carrier did not pick up by its deadline', () => {
    const ready = paidThen(changed('Paid', 'Ready', 'provider', { pickupDueAt: '2026-03-16T22:00:00.000Z' }), changed('Ready', 'AwaitingPickup', 'carrier'));
    const expire = (at: string) => ({ type: 'ExpireOrder' as const, ...key, rule: 'pickup-deadline' as const, by: 'delivery', at });
    spec.given(ready).when(expire('2026-03-16T21:59:59.999Z')).then([]);
    spec.given(ready).when(expire('2026-03-16T22:00:00.000Z')).thenMatches((events) => expect((events[0] as OrderStatusChanged).data.to).to.equal('Expired'));
    spec.given(paidThen(changed('Paid', 'Ready', 'provider', { pickupDueAt: '2026-03-16T22:00:00.000Z' }), changed('Ready', 'AwaitingPickup', 'carrier'), changed('AwaitingPickup', 'Delivering', 'carrier'))).when(expire('2026-04-01T00:00:00.000Z')).then([]);
  });

  it('marks the order paid once the delivery platform confirmed the payment', () => {
    const state = paidThen().reduce(orderDecider.evolve, orderDecider.initialState());
    expect(state).to.include({ paid: true, status: 'Paid', changes: 2 });
  });
});
