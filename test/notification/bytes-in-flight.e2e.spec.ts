import { expect } from 'chai';
import { once } from 'node:events';
import { connect } from 'node:tls';
import { TestPlatform } from '../support/test-platform';
import { eventually, notificationRequest, withEnv } from './notification-test-kit';

describe('Notifications: the bytes of requests held at once are bounded (e2e)', () => {
  let platform: TestPlatform;
  let restore: () => void;

  before(async () => {
    restore = withEnv({ NOTIFY_MAX_PENDING_BYTES: String(1024 * 1024), NOTIFY_DISPATCHER: 'off' });
    platform = await TestPlatform.start();
  });
  after(async () => {
    await platform.stop();
    restore();
  });

  it('refuses a new notification with 503 and Retry-After while the requests being received hold more than NOTIFY_MAX_PENDING_BYTES, and takes them again once they are answered', async () => {
    const institution = platform.client('demo-institution');
    // a request that announces 3 MB and sends 1.5 MB of it, then waits
    const slow = connect({ host: 'localhost', port: platform.platform.port, ...institution.credentials, servername: 'localhost', ALPNProtocols: ['http/1.1'] });
    await once(slow, 'secureConnect');
    slow.write('POST /api/Notification HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 3000000\r\n\r\n');
    slow.write(`{"Subject":{"Ro":"${'a'.repeat(1_500_000)}`);

    const refused = await eventually(() => institution.post('/api/Notification', { body: notificationRequest() }), (response) => response.status === 503, 'a 503');
    expect(refused.headers['retry-after']).to.equal('1');
    expect(refused.json()).to.include({ status: 503 });

    slow.destroy();
    const accepted = await eventually(() => institution.post('/api/Notification', { body: notificationRequest() }), (response) => response.status !== 503, 'the bytes given back');
    expect(accepted.status, accepted.text).to.equal(200);
  });
});
