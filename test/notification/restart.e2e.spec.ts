import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import nock from 'nock';
import { runningNotificationService } from '../../src/notification/module';
import type { HttpsClient } from '../support/https-client';
import { TestPlatform } from '../support/test-platform';
import { TestSmtpServer, eventually, notificationOf, notificationRequest, postNotification, statusIs, withEnv } from './notification-test-kit';

/**
 * What survives a restart: work accepted while no dispatcher ran, a cancellation asked before sending,
 * and a send that was recorded as started when the process stopped (the attempt in doubt).
 */
describe('Notifications: restarts (e2e)', () => {
  let smtp: TestSmtpServer;
  let platform: TestPlatform;
  let institution: HttpsClient;
  const restore: (() => void)[] = [];

  const restartWithDispatcher = async () => {
    restore.push(withEnv({ NOTIFY_DISPATCHER: 'on' }));
    await platform.restart();
    institution = platform.client('demo-institution');
  };
  const reach = (id: string, ...statuses: string[]) => eventually(() => notificationOf(institution, id), statusIs(...statuses), `notification ${id} to reach ${statuses}`);

  /** What a dispatcher records up to the moment it would call the channel, through the real aggregate. */
  const recordSendStarted = async (notificationId: string, recipient: { Value: string; Type: 'Email' | 'SMS' }) => {
    const service = runningNotificationService(platform.platform.services)!.notifications;
    const messageId = randomUUID();
    const by = 'notification-dispatcher';
    const at = () => new Date().toISOString();
    await service.execute({ type: 'StartResolution', notificationId, at: at(), by });
    await service.execute({
      type: 'RecordResolution',
      notificationId,
      at: at(),
      by,
      recipients: [{ ...recipient, IsLegal: false, messages: [{ messageId, channel: recipient.Type, address: recipient.Value, language: 'ro' }] }],
    });
    await service.execute({ type: 'StartSend', notificationId, messageId, at: at(), by });
    return messageId;
  };

  beforeEach(async () => {
    nock.disableNetConnect();
    nock.enableNetConnect(/localhost|127\.0\.0\.1/);
    smtp = await TestSmtpServer.start();
    restore.push(withEnv({ NOTIFY_SMTP_HOST: '127.0.0.1', NOTIFY_SMTP_PORT: String(smtp.port), NOTIFY_SMS_GATEWAY_URL: 'http://sms-gateway.test', NOTIFY_SEND_LEASE_MS: '0', NOTIFY_DISPATCHER: 'off' }));
    platform = await TestPlatform.start();
    institution = platform.client('demo-institution');
  });
  afterEach(async () => {
    await platform.stop();
    await smtp.stop();
    while (restore.length) restore.pop()!();
    nock.cleanAll();
    nock.enableNetConnect();
  });

  it('sends after a restart what was accepted while no dispatcher ran', async () => {
    const id = await postNotification(institution, notificationRequest({ Recipients: [{ Value: 'later@example.md', Type: 'Email' }] }));
    expect((await notificationOf(institution, id)).Status).to.equal('Pending');
    await restartWithDispatcher();
    await reach(id, 'Sent');
    expect(smtp.mailsTo('later@example.md')).to.have.length(1);
  });

  it('cancels a notification not yet sent: Cancelling until the dispatcher runs, then Cancelled, nothing sent', async () => {
    const id = await postNotification(institution, notificationRequest({ Recipients: [{ Value: 'never@example.md', Type: 'Email' }] }));
    expect((await institution.delete(`/api/Notification/${id}`)).status).to.equal(200);
    expect((await notificationOf(institution, id)).Status).to.equal('Cancelling');
    await restartWithDispatcher();
    await reach(id, 'Cancelled');
    expect(smtp.mailsTo('never@example.md')).to.have.length(0);
  });

  it('does not send an e-mail twice: one whose send was in doubt at the restart is failed as SendInterrupted', async () => {
    const id = await postNotification(institution, notificationRequest({ Recipients: [{ Value: 'doubt@example.md', Type: 'Email' }] }));
    await recordSendStarted(id, { Value: 'doubt@example.md', Type: 'Email' });
    await restartWithDispatcher();
    const failed = await reach(id, 'Failed');
    expect(failed.FailureCode).to.equal('SendInterrupted');
    expect(smtp.mailsTo('doubt@example.md')).to.have.length(0);
  });

  it('repeats an SMS in doubt with the same idempotency key, so the gateway can drop a duplicate', async () => {
    const id = await postNotification(institution, notificationRequest({ Recipients: [{ Value: '+37369000123', Type: 'SMS' }] }));
    const messageId = await recordSendStarted(id, { Value: '+37369000123', Type: 'SMS' });
    const keys: string[] = [];
    nock('http://sms-gateway.test')
      .post('/messages')
      .reply(function () {
        keys.push(String(this.req.headers['idempotency-key']));
        return [200, { id: 'sms-again' }];
      });
    await restartWithDispatcher();
    await reach(id, 'Sent');
    expect(keys).to.deep.equal([messageId]);
  });
});
