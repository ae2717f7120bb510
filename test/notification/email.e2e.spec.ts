import { expect } from 'chai';
import type { HttpsClient } from '../support/https-client';
import type { TestPlatform } from '../support/test-platform';
import { type TestSmtpServer, eventually, notificationOf, notificationRequest, postNotification, statusIs, startMailPlatform, type MailPlatform } from './notification-test-kit';

const PDF = Buffer.from('%PDF-1.4\n% a tiny test document\n');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

describe('Notifications: e-mail over SMTP (e2e: mTLS API, real SMTP server in-process)', () => {
  let smtp: TestSmtpServer;
  let platform: TestPlatform;
  let institution: HttpsClient;
  let mail: MailPlatform;

  before(async () => {
    mail = await startMailPlatform({ env: { NOTIFY_RETRY_BASE_MS: '20', NOTIFY_MAX_ATTEMPTS: '3', NOTIFY_SMTP_TIMEOUT_MS: '1000', NOTIFY_MAIL_FROM: 'notify@test.example.md' } });
    ({ platform, smtp } = mail);
    institution = mail.institution;
  });
  after(() => mail.stop());
  beforeEach(() => {
    smtp.refuse = () => undefined;
    smtp.hangAfterData = () => false;
  });

  const settled = (id: string) => eventually(() => notificationOf(institution, id), statusIs('Sent', 'Failed'), `notification ${id} to settle`);

  it('sends the e-mail with its attachments and reports the message Sent per recipient', async () => {
    const id = await postNotification(
      institution,
      notificationRequest({
        Recipients: [{ Value: 'ana@example.md', Type: 'Email' }],
        Priority: 'High',
        Attachments: [
          { FileName: 'decizie.pdf', Base64: PDF.toString('base64') },
          { FileName: 'harta.PNG', Base64: PNG.toString('base64') },
        ],
      }),
    );
    const notification = await settled(id);
    expect(notification).to.include({ Id: id, Status: 'Sent' });
    expect(notification.Recipients).to.have.length(1);
    const [recipient] = notification.Recipients;
    expect(recipient).to.include({ Value: 'ana@example.md', Type: 'Email', IsLegal: false });
    expect(recipient.Messages[0]).to.include({ Subject: 'Aviz de plată', Status: 'Sent', Channel: 'Email', CreatedBy: 'demo-institution' });
    expect(recipient.Messages[0].MessageId).to.match(/^[0-9a-f-]{36}$/);

    const [mail] = smtp.mailsTo('ana@example.md');
    expect(mail.subject).to.equal('Aviz de plată');
    expect(mail.html).to.equal('<p>Aveți o plată restantă.</p>');
    expect(mail.headers['x-notification-id']).to.equal(id);
    expect(mail.headers['message-id']).to.equal(`<${recipient.Messages[0].MessageId}@notification.egov.md>`);
    expect(mail.headers.from).to.contain('notify@test.example.md');
    expect(mail.attachments.map((attachment) => attachment.filename)).to.deep.equal(['decizie.pdf', 'harta.PNG']);
    expect(mail.attachments[0].content.equals(PDF)).to.equal(true);
    expect(mail.attachments[1].content.equals(PNG)).to.equal(true);
  });

  it('retries a temporary refusal with backoff and sends once', async () => {
    let refusals = 0;
    smtp.refuse = (address) => (address === 'retry@example.md' && refusals++ < 2 ? { code: 451, message: 'try again later' } : undefined);
    const id = await postNotification(institution, notificationRequest({ Recipients: [{ Value: 'retry@example.md', Type: 'Email' }] }));
    expect((await settled(id)).Status).to.equal('Sent');
    expect(smtp.mailsTo('retry@example.md')).to.have.length(1);
    const failures = (await platform.platform.stores.events.readStream(`notification-${id}`)).filter((event) => event.event.type === 'md.gov.notification.message.send-failed.v1');
    expect(failures.map((event) => (event.event.data as { failureCode: string; retryAt?: string }).failureCode)).to.deep.equal(['Smtp451', 'Smtp451']);
  });

  it('fails with the failure code after a permanent refusal, and after the last attempt of temporary ones', async () => {
    smtp.refuse = (address) => (address === 'nobody@example.md' ? { code: 550, message: 'no such user' } : address === 'busy@example.md' ? { code: 452, message: 'mailbox busy' } : undefined);
    const permanent = await settled(await postNotification(institution, notificationRequest({ Recipients: [{ Value: 'nobody@example.md', Type: 'Email' }] })));
    expect(permanent).to.include({ Status: 'Failed', FailureCode: 'Smtp550' });
    expect(permanent.Recipients[0].Messages[0]).to.include({ Status: 'Failed', FailureCode: 'Smtp550' });
    const exhausted = await settled(await postNotification(institution, notificationRequest({ Recipients: [{ Value: 'busy@example.md', Type: 'Email' }] })));
    expect(exhausted).to.include({ Status: 'Failed', FailureCode: 'Smtp452' });
    const attempts = (await platform.platform.stores.events.readStream(`notification-${exhausted.Id}`)).filter((event) => event.event.type === 'md.gov.notification.message.send-started.v1');
    expect(attempts).to.have.length(3);
  });

  it('keeps the other recipients going when one fails: the notification is Sent', async () => {
    smtp.refuse = (address) => (address === 'gone@example.md' ? { code: 550, message: 'gone' } : undefined);
    const id = await postNotification(institution, notificationRequest({ Recipients: [{ Value: 'gone@example.md', Type: 'Email' }, { Value: 'here@example.md', Type: 'Email' }] }));
    const notification = await settled(id);
    expect(notification.Status).to.equal('Sent');
    expect(notification.Recipients.map((recipient: { Messages: { Status: string }[] }) => recipient.Messages[0].Status)).to.deep.equal(['Failed', 'Sent']);
  });

  it('does not send again when the server took the message but its reply was lost (SmtpOutcomeUnknown)', async () => {
    smtp.hangAfterData = (address) => address === 'lost-reply@example.md';
    const id = await postNotification(institution, notificationRequest({ Recipients: [{ Value: 'lost-reply@example.md', Type: 'Email' }] }));
    expect(await settled(id)).to.include({ Status: 'Failed', FailureCode: 'SmtpOutcomeUnknown' });
    expect(smtp.mailsTo('lost-reply@example.md')).to.have.length(1);
  });

  it('retries when the SMTP server cannot be reached', async () => {
    await smtp.stop();
    const id = await postNotification(institution, notificationRequest({ Recipients: [{ Value: 'unreachable@example.md', Type: 'Email' }] }));
    const failed = await settled(id);
    expect(failed).to.include({ Status: 'Failed', FailureCode: 'SmtpUnavailable' });
    const attempts = (await platform.platform.stores.events.readStream(`notification-${id}`)).filter((event) => event.event.type === 'md.gov.notification.message.send-started.v1');
    expect(attempts).to.have.length(3);
  });
});
