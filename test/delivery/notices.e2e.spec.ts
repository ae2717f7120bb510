import { expect } from 'chai';
import { runningNotificationService } from '../../src/notification/module';
import { eventually, startMailPlatform, type MailPlatform } from '../notification/notification-test-kit';
import { actors, orderBody, orderIn, type Actors } from './delivery-test-kit';

const MARIA = { type: 'Person', id: '2000000000022', firstName: 'Maria', name: 'Rusu', email: 'maria.rusu@example.md' };
const COMPANY = { type: 'Organization', id: '1003600000010', name: 'SRL Demo Construct' };

describe('Delivery: receivers told through the notification service, to the cabinet and by e-mail (e2e, real SMTP)', function () {
  this.timeout(120_000);
  let mail: MailPlatform;
  let a: Actors;

  before(async () => {
    mail = await startMailPlatform();
    a = actors(mail.platform);
  });
  after(() => mail.stop());

  const settled = async () => {
    const notification = runningNotificationService(mail.platform.platform.services)!;
    await notification.notices.idle();
    await notification.dispatcher!.idle();
  };
  const inbox = async (idnp: string) => {
    const response = await mail.institution.post('/api/v1/cabinet-message-searches', { body: { idnp } });
    expect(response.status, response.text).to.equal(200);
    return (response.json().items as { subject: string; body: string }[]).map((item) => item.subject);
  };

  it("e-mails the receiver once (the registry's address and the order's are one), in the registry's language, and puts it in the cabinet", async () => {
    const orderID = await orderIn(a, 'Paid', orderBody({ receiver: MARIA }));
    const [paid] = await eventually(async () => mail.smtp.mailsTo('maria.rusu@example.md'), (mails) => mails.length > 0, 'the e-mail');
    expect(paid.subject).to.equal('Доставка оплачена');
    expect(paid.html).to.contain(`Оплата доставки заказа ${orderID} подтверждена.`);
    expect(await eventually(() => inbox(MARIA.id), (subjects) => subjects.includes('Доставка оплачена'), 'the cabinet message')).to.include('Доставка оплачена');
    // the provider's Ready is told; the delivery platform's echo of it is the same status, told no more
    expect((await a.report(orderID, 'Ready')).status).to.equal(201);
    expect((await a.push(orderID, 'Ready')).status).to.equal(204);
    await eventually(async () => mail.smtp.mailsTo('maria.rusu@example.md'), (mails) => mails.length >= 2, 'the Ready e-mail');
    await settled();
    expect(mail.smtp.mailsTo('maria.rusu@example.md').map((sent) => sent.subject)).to.deep.equal(['Доставка оплачена', 'Заказ готов к отправке']);
  });

  it('tells an organization by its IDNO: its e-mail and cabinet from the registries', async () => {
    const orderID = await orderIn(a, 'Cancelled', orderBody({ receiver: COMPANY, products: [{ price: 1, quantity: 1, length: 1, width: 1, height: 1, weight: 1 }] }));
    const [cancelled] = await eventually(async () => mail.smtp.mailsTo('office@demo-construct.example.md'), (mails) => mails.length > 0, 'the e-mail');
    expect(cancelled.subject).to.equal('Comanda a fost anulată');
    expect(cancelled.html).to.contain(`Comanda ${orderID} a fost anulată`);
  });
});
