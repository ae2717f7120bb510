import { expect } from 'chai';
import { createLogger } from '../../src/platform/logger';
import { TestPlatform } from '../support/test-platform';
import { eventually, notificationOf, notificationRequest, postNotification, withEnv } from './notification-test-kit';

type LogLine = Record<string, unknown> & { msg: string };

describe('Notifications on a development machine: the outbox, and failures that say so (e2e)', () => {
  it('sends e-mails and SMS to the development outbox on the embedded profile, where a new user sees them', async () => {
    const platform = await TestPlatform.start();
    try {
      const institution = platform.client('demo-institution');
      const id = await postNotification(
        institution,
        notificationRequest({ Recipients: [{ Value: 'new.user@example.md', Type: 'Email' }, { Value: '+37369000001', Type: 'SMS' }] }),
      );
      await eventually(() => notificationOf(institution, id), (notification) => notification.Status === 'Sent' || notification.Status === 'Delivered', 'the notification sent');
      const page = (await institution.get('/api/v1/development-outbox/messages')).json();
      const email = page.items.find((message: { channel: string }) => message.channel === 'Email');
      const sms = page.items.find((message: { channel: string }) => message.channel === 'SMS');
      expect(email).to.include({ subject: 'Aviz de plată' });
      expect(email.to).to.deep.equal(['new.user@example.md']);
      expect(email.body).to.include('Aveți o plată restantă.');
      expect(sms.to).to.deep.equal(['+37369000001']);
      expect(sms.body).to.equal('Aveți o plată restantă.');
      expect(page.nextCursor).to.equal('');
      expect((await institution.get('/api/v1/development-outbox/messages', { query: { limit: '1' } })).json().nextCursor).to.equal('1');
      expect((await institution.get('/api/v1/development-outbox/messages', { query: { limit: '0' } })).status).to.equal(400);
      expect((await platform.client('demo-consumer').get('/api/v1/development-outbox/messages')).status).to.equal(403);
    } finally {
      await platform.stop();
    }
  });

  it('has no outbox when it is turned off, and then logs every failed send with its code (no address) and counts it', async () => {
    const lines: LogLine[] = [];
    const restore = withEnv({ NOTIFY_DEV_OUTBOX: 'off', NOTIFY_SMTP_HOST: '127.0.0.1', NOTIFY_SMTP_PORT: '9', NOTIFY_MAX_ATTEMPTS: '2', NOTIFY_RETRY_BASE_MS: '10' });
    const platform = await TestPlatform.start({ logger: createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line)) }) });
    try {
      const institution = platform.client('demo-institution');
      expect((await institution.get('/api/v1/development-outbox/messages')).status).to.equal(404);
      const id = await postNotification(institution, notificationRequest({ Recipients: [{ Value: 'nobody.home@example.md', Type: 'Email' }] }));
      await eventually(() => notificationOf(institution, id), (notification) => notification.Status === 'Failed', 'the notification failed');
      const failures = lines.filter((line) => line.msg.startsWith('notification message not sent'));
      expect(failures.map((line) => [line.failureCode, line.willRetry])).to.deep.equal([
        ['SmtpUnavailable', true],
        ['SmtpUnavailable', false],
      ]);
      expect(JSON.stringify(lines)).to.not.include('nobody.home@example.md');
      const metrics = await platform.client('demo-operator').get('/api/v1/metrics');
      expect(metrics.text).to.include('egov_notification_sends_total{channel="Email",outcome="SmtpUnavailable"} 2');
    } finally {
      await platform.stop();
      restore();
    }
  });
});
