import { expect } from 'chai';
import { TestPlatform } from '../support/test-platform';
import { actors, orderBody, orderIn, SERVICE, type Actors } from './delivery-test-kit';

describe("Delivery: reads of a receiver's data are logged as MDelivery.PersonalData.Access (e2e over mTLS)", function () {
  this.timeout(120_000);
  let platform: TestPlatform;
  let a: Actors;

  before(async () => {
    platform = await TestPlatform.start();
    a = actors(platform);
  });
  after(() => platform.stop());

  /** what the event-logging service finds for a data subject, the way a data subject's request would search it */
  const accesses = async (subject: string) => {
    const response = await a.provider.post('/api/v1/personal-data-accesses/searches', { body: { subject, legalBasis: 'data subject request' } });
    expect(response.status, response.text).to.equal(200);
    return (response.json().items as Record<string, unknown>[]).filter((item) => item.event_type === 'MDelivery.PersonalData.Access');
  };

  it("logs the delivery platform's read of an order's details for the receiver and the documents' holder, naming the platform and the order", async () => {
    const receiver = '2000000000033';
    const holder = '2000000000044';
    const body = orderBody({ receiver: { type: 'Person', id: receiver, name: 'Ceban' }, products: [{ price: 1, quantity: 1, length: 1, width: 1, height: 1, weight: 1, holderID: holder }] });
    const orderID = await orderIn(a, 'Paid', body);
    expect(await accesses(receiver), 'registering and pushing show nobody the data').to.deep.equal([]);
    expect((await a.details(orderID)).status).to.equal(200);
    for (const subject of [receiver, holder]) {
      const found = await accesses(subject);
      expect(found, subject).to.have.length(1);
      expect(found[0]).to.include({ legal_entity: '1000000000005', object: `${SERVICE}/${orderID}`, object_type: 'DeliveryOrder', subject, subject_type: 'Person' });
      expect(found[0].legal_basis).to.be.a('string').and.not.empty;
    }
  });

  it("logs the provider's read of its order, and not its list of orders (which holds no receiver data)", async () => {
    const receiver = '2000000000055';
    const orderID = await orderIn(a, 'Unknown', orderBody({ receiver: { type: 'Person', id: receiver }, products: [{ price: 1, quantity: 1, length: 1, width: 1, height: 1, weight: 1 }] }));
    expect((await a.provider.get('/api/v1/delivery-orders', { query: { serviceID: SERVICE } })).status).to.equal(200);
    expect(await accesses(receiver)).to.deep.equal([]);
    expect((await a.provider.get(`/api/v1/delivery-orders/${SERVICE}/${orderID}`)).status).to.equal(200);
    expect((await accesses(receiver)).map((access) => access.legal_entity)).to.deep.equal(['1003600000003']);
  });

  it('logs nothing for a read that is refused, nor for a HEAD', async () => {
    const receiver = '2000000000066';
    const orderID = await orderIn(a, 'Unknown', orderBody({ receiver: { type: 'Person', id: receiver }, products: [{ price: 1, quantity: 1, length: 1, width: 1, height: 1, weight: 1 }] }));
    expect((await a.details(orderID, a.provider)).status).to.equal(403);
    expect((await a.details(orderID, platform.anonymous())).status).to.equal(401);
    expect((await a.deliveryPlatform.request('HEAD', `/api/v1/delivery/services/${SERVICE}/orders/${orderID}/delivery/details`)).status, 'HEAD shows nothing').to.equal(405);
    expect(await accesses(receiver)).to.deep.equal([]);
  });
});
