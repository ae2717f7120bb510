import { expect } from 'chai';
import { runningNotificationService } from '../../src/notification/module';
import { eventually, startMailPlatform, type MailPlatform } from '../notification/notification-test-kit';
import { createDocument, expectStatus, ION, MARIA } from './documents-test-kit';

describe('Document store: notices through the log, sent by the notification service (e2e, SMTP in-process)', function () {
  this.timeout(120_000);
  let mail: MailPlatform;

  before(async () => {
    mail = await startMailPlatform();
  });
  after(() => mail.stop());

  const settled = () =>
    eventually(async () => {
      const notification = runningNotificationService(mail.platform.platform.services)!;
      await notification.notices.idle();
      await notification.dispatcher!.idle();
      return true;
    }, Boolean, 'the notices');

  it('e-mails a person a document was published for, and one a document was shared with; nothing when suppressed', async () => {
    const { institution, smtp } = mail;
    const id = await createDocument(institution, ION, 'Certificat <nou>');
    const [published] = await eventually(async () => smtp.mailsTo('ion.popescu@example.md'), (mails) => mails.length > 0, 'the e-mail to Ion');
    expect(published.subject).to.equal('Document nou în MDocs');
    expect(published.html).to.contain('Certificat &lt;nou&gt;');
    expectStatus(await institution.post(`/mdocs/documents/${id}/shares`, { query: { principal: ION }, body: { shares: [{ sharedFor: MARIA, permission: 'Read' }] } }), 201);
    const [shared] = await eventually(async () => smtp.mailsTo('maria.rusu@example.md'), (mails) => mails.length > 0, 'the e-mail to Maria');
    expect(shared.subject).to.equal('С вами поделились документом', 'in Maria\'s language (the registries say ru)');

    const before = smtp.mails.length;
    const quiet = await createDocument(institution, ION, 'Liniște', { q: 1 }, { suppressNotifications: true });
    expectStatus(await institution.post(`/mdocs/documents/${quiet}/shares`, { query: { principal: ION }, body: [{ for: MARIA, permission: 1, suppressNotifications: true }] }), 201);
    await settled();
    expect(smtp.mails.length).to.equal(before);
  });
});
