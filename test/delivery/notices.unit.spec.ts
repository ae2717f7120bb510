import { expect } from 'chai';
import { ORDER_STATUS_CHANGED, type OrderStatusChanged } from '../../src/delivery/order/events';
import type { DeliveryStatus } from '../../src/delivery/order/statuses';
import { NOTICE_TEXTS } from '../../src/delivery/processes/notice-texts';
import { deliveryNotices, noticesOf } from '../../src/delivery/processes/notices';
import type { StoredEvent } from '../../src/platform/event-store/event-store';

let position = 0;
function stored(from: DeliveryStatus, to: DeliveryStatus, extra: Partial<OrderStatusChanged['data']> = {}): StoredEvent {
  position += 1;
  const data: OrderStatusChanged['data'] = {
    serviceID: 'DEMO-SERVICE-1', orderID: 'DEMO-ORDER-6', number: 3, from, to, setBy: 'carrier', changedBy: 'demo-delivery-platform', changedAt: '2026-03-02T10:00:00.000Z',
    receiver: { type: 'Person', id: '2000000000011', email: 'ion.popescu@example.md' }, ...extra,
  };
  return {
    position, streamId: 'delivery-order-x', revision: 3, kind: 'standard', producer: 'demo-delivery-platform', recordedAt: data.changedAt, size: 500,
    event: { specversion: '1.0', id: `event-${position}`, source: 'urn:md:gov:delivery', type: ORDER_STATUS_CHANGED, time: data.changedAt, data },
  };
}

describe('Delivery: what receivers are told (unit)', () => {
  it('tells the receiver of each status they care about, by IDNP and at the e-mail the order gave, in three languages', () => {
    const [notice] = noticesOf(stored('AwaitingPickup', 'Delivering', { message: 'Curierul sună înainte.' }));
    expect(notice.key).to.equal(`delivery-event-${position}`);
    expect(notice.recipients).to.deep.equal([{ type: 'IDNP', value: '2000000000011' }, { type: 'Email', value: 'ion.popescu@example.md' }]);
    expect(notice.subject).to.deep.equal({ ro: 'Comanda este în curs de livrare', ru: 'Заказ в пути', en: 'Your order is on its way' });
    expect(notice.body.en).to.equal('<p>The carrier picked up order DEMO-ORDER-6 and is delivering it. Curierul sună înainte.</p>');
    expect(notice.bodyShort.en).to.equal('The carrier picked up order DEMO-ORDER-6 and is delivering it. Curierul sună înainte.');
  });

  it('tells an organization by its IDNO, and a receiver without e-mail only by id', () => {
    const [notice] = noticesOf(stored('Delivering', 'Delivered', { receiver: { type: 'Organization', id: '1003600000010' } }));
    expect(notice.recipients).to.deep.equal([{ type: 'IDNO', value: '1003600000010' }]);
  });

  it('tells Paid, Ready, Delivering, Delivered, Problem, Returning, Returned, Cancelled and Expired, nothing else', () => {
    const told = (['AwaitingPayment', 'Paid', 'Processing', 'Cancelled', 'Expired', 'Ready', 'AwaitingPickup', 'Delivering', 'Delivered', 'Confirmed', 'Problem', 'Returning', 'Returned', 'Unknown'] as DeliveryStatus[])
      .filter((to) => noticesOf(stored('Unknown', to)).length > 0);
    expect(told).to.deep.equal(['Paid', 'Cancelled', 'Expired', 'Ready', 'Delivering', 'Delivered', 'Problem', 'Returning', 'Returned']);
  });

  it("keeps every subject within the seed's 41 characters for e-mail", () => {
    for (const texts of Object.values(NOTICE_TEXTS)) for (const subject of Object.values(texts!.subject)) expect(subject.length, subject).to.be.at.most(41);
  });

  it('tells a status reported again only when it is a new problem', () => {
    expect(noticesOf(stored('Ready', 'Ready'))).to.deep.equal([]);
    expect(noticesOf(stored('Delivering', 'Delivering'))).to.deep.equal([]);
    const [problem] = noticesOf(stored('Problem', 'Problem', { message: 'wrong address' }));
    expect(problem.priority).to.equal('High');
    expect(problem.body.ro).to.equal('<p>A apărut o problemă la livrarea comenzii DEMO-ORDER-6. wrong address</p>');
  });

  it('escapes what the provider or the carrier wrote in the HTML body, not in the short text', () => {
    const [notice] = noticesOf(stored('Delivering', 'Problem', { message: '<b>door</b> & "gate"' }));
    expect(notice.body.en).to.equal('<p>A problem occurred with the delivery of order DEMO-ORDER-6. &#60;b&#62;door&#60;/b&#62; &#38; &#34;gate&#34;</p>');
    expect(notice.bodyShort.en).to.equal('A problem occurred with the delivery of order DEMO-ORDER-6. <b>door</b> & "gate"');
  });

  it('cuts the short text to 160 characters and follows only the service\'s own status changes', () => {
    const [notice] = noticesOf(stored('Delivering', 'Problem', { message: 'x'.repeat(500) }));
    expect(notice.bodyShort.en).to.have.length(160);
    expect(notice.bodyShort.en!.endsWith('…')).to.equal(true);
    expect(deliveryNotices.follows).to.deep.equal({ streamPrefix: 'delivery-', types: [ORDER_STATUS_CHANGED] });
    expect(noticesOf({ ...stored('Paid', 'Ready'), event: { ...stored('Paid', 'Ready').event, type: 'md.gov.delivery.order.registered.v1' } })).to.deep.equal([]);
  });
});
