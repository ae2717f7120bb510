import { expect } from 'chai';
import nock from 'nock';
import type { HttpsClient } from '../support/https-client';
import { TestPlatform } from '../support/test-platform';
import { eventually, notificationOf, notificationRequest, postNotification, statusIs, withEnv } from './notification-test-kit';

const SMS = 'http://sms-gateway.test';
const VIBER = 'http://viber-gateway.test';
const PUSH = 'http://push-gateway.test';
const GATEWAY_CLIENT = { id: 'sms-gateway', certificate: { commonName: 'sms-gateway' }, rights: { notification: ['receipts'] } };

type GatewayCall = { body: Record<string, string>; key: string; authorization?: string };

describe('Notifications: SMS, Viber and web push over HTTP gateways (e2e; gateways stood in by nock)', () => {
  let platform: TestPlatform;
  let institution: HttpsClient;
  let gateway: HttpsClient;
  let restoreEnv: () => void;

  /** The gateway answers each call with the next reply; every call is recorded. */
  function stubGateway(base: string, replies: [number, object][]): GatewayCall[] {
    const calls: GatewayCall[] = [];
    const scope = nock(base);
    for (const [status, reply] of replies) {
      scope.post('/messages').reply(function (_uri, body) {
        calls.push({ body: body as Record<string, string>, key: String(this.req.headers['idempotency-key']), authorization: this.req.headers.authorization as string | undefined });
        return [status, reply];
      });
    }
    return calls;
  }

  before(async () => {
    nock.disableNetConnect();
    nock.enableNetConnect(/localhost|127\.0\.0\.1/);
    restoreEnv = withEnv({
      NOTIFY_SMS_GATEWAY_URL: SMS,
      NOTIFY_VIBER_GATEWAY_URL: VIBER,
      NOTIFY_WEBPUSH_GATEWAY_URL: PUSH,
      NOTIFY_GATEWAY_TOKEN: 'gateway-secret',
      NOTIFY_RETRY_BASE_MS: '20',
      NOTIFY_MAX_ATTEMPTS: '3',
    });
    platform = await TestPlatform.start({ extraClients: [GATEWAY_CLIENT] });
    institution = platform.client('demo-institution');
    gateway = platform.client('sms-gateway');
  });
  after(async () => {
    await platform.stop();
    restoreEnv();
    nock.cleanAll();
    nock.enableNetConnect();
  });
  afterEach(() => nock.cleanAll());

  const settled = (id: string, ...statuses: string[]) => eventually(() => notificationOf(institution, id), statusIs(...statuses), `notification ${id} to reach ${statuses}`);
  const receipt = (reference: string, status: string, extra: object = {}) => gateway.post('/api/v1/notification-receipts', { body: { reference, status, ...extra } });

  it('sends an SMS with the short body, reference, callback and idempotency key; receipts move it to Delivered', async () => {
    const calls = stubGateway(SMS, [[202, { id: 'sms-provider-1' }]]);
    const id = await postNotification(institution, notificationRequest({ Recipients: [{ Value: '+37369123456', Type: 'SMS' }] }));
    const sent = await settled(id, 'Sent');
    const message = sent.Recipients[0].Messages[0];
    expect(message).to.include({ Channel: 'SMS', Status: 'Sent' });
    expect(calls).to.have.length(1);
    expect(calls[0].body).to.include({ reference: message.MessageId, to: '+37369123456', text: 'Aveți o plată restantă.', channel: 'SMS' });
    expect(calls[0].body.callbackUrl).to.match(/\/api\/v1\/notification-receipts$/);
    expect(calls[0].key).to.equal(message.MessageId);
    expect(calls[0].authorization).to.equal('Bearer gateway-secret');

    expect((await receipt(message.MessageId, 'Delivered')).status).to.equal(204);
    const delivered = await settled(id, 'Delivered');
    expect(delivered.Recipients[0].Messages[0].Status).to.equal('Delivered');
    expect((await receipt(message.MessageId, 'Delivered')).status, 'a repeated receipt changes nothing').to.equal(204);
  });

  it('moves a Viber message to Read on a read receipt, and web push through its own gateway', async () => {
    stubGateway(VIBER, [[200, { id: 'viber-1' }]]);
    const pushCalls = stubGateway(PUSH, [[200, { id: 'push-1' }]]);
    const id = await postNotification(institution, notificationRequest({ Recipients: [{ Value: '+37369000777', Type: 'Viber' }, { Value: 'push-subscription-42', Type: 'Web push' }] }));
    const sent = await settled(id, 'Sent');
    expect(pushCalls[0].body).to.include({ to: 'push-subscription-42', subject: 'Aviz de plată' });
    const viberMessage = sent.Recipients[0].Messages[0];
    expect((await receipt(viberMessage.MessageId, 'Read')).status).to.equal(204);
    const read = await settled(id, 'Read');
    expect(read.Recipients.map((recipient: { Messages: { Status: string }[] }) => recipient.Messages[0].Status)).to.deep.equal(['Read', 'Sent']);
  });

  it('retries a 503 as a new attempt under the same key (the gateway may have taken it), and fails on a 4xx with the gateway code', async () => {
    const calls = stubGateway(SMS, [
      [503, { error: 'overloaded' }],
      [202, { id: 'sms-provider-2' }],
    ]);
    const id = await postNotification(institution, notificationRequest({ Recipients: [{ Value: '+37369000888', Type: 'SMS' }] }));
    const sent = await settled(id, 'Sent', 'Failed');
    expect(sent.Status).to.equal('Sent');
    const messageId = sent.Recipients[0].Messages[0].MessageId;
    expect(calls.map((call) => call.key)).to.deep.equal([messageId, messageId]);

    stubGateway(SMS, [[400, { error: 'invalid number' }]]);
    const refused = await settled(await postNotification(institution, notificationRequest({ Recipients: [{ Value: '+37369000999', Type: 'SMS' }] })), 'Sent', 'Failed');
    expect(refused).to.include({ Status: 'Failed', FailureCode: 'Gateway400' });
  });

  it('answers 409 to a receipt that comes before the send is recorded, so the gateway sends it again', async () => {
    let early: { status: number; text: string } | undefined;
    nock(SMS)
      .post('/messages')
      .reply(async (_uri, body) => {
        early = await receipt((body as { reference: string }).reference, 'Delivered'); // the callback overtakes the answer
        return [202, { id: 'sms-fast' }];
      });
    const id = await postNotification(institution, notificationRequest({ Recipients: [{ Value: '+37369000222', Type: 'SMS' }] }));
    const messageId = (await settled(id, 'Sent')).Recipients[0].Messages[0].MessageId;
    expect(early?.status, early?.text).to.equal(409);
    expect((await receipt(messageId, 'Delivered')).status).to.equal(204);
    expect((await settled(id, 'Delivered')).Status).to.equal('Delivered');
  });

  it('records a gateway\'s undeliverable receipt as a failure with its code', async () => {
    stubGateway(SMS, [[202, { id: 'sms-provider-3' }]]);
    const id = await postNotification(institution, notificationRequest({ Recipients: [{ Value: '+37369000111', Type: 'SMS' }] }));
    const messageId = (await settled(id, 'Sent')).Recipients[0].Messages[0].MessageId;
    expect((await receipt(messageId, 'Failed', { failureCode: 'AbsentSubscriber' })).status).to.equal(204);
    expect(await settled(id, 'Failed')).to.include({ FailureCode: 'AbsentSubscriber' });
  });

  it('answers receipts: 404 for an unknown reference, 400 for a bad body, 403 without the receipts right', async () => {
    expect((await receipt('00000000-0000-4000-8000-000000000000', 'Delivered')).status).to.equal(404);
    expect((await receipt('not-a-uuid', 'Delivered')).status).to.equal(400);
    expect((await receipt('00000000-0000-4000-8000-000000000000', 'Opened')).status).to.equal(400);
    const response = await institution.post('/api/v1/notification-receipts', { body: { reference: '00000000-0000-4000-8000-000000000000', status: 'Delivered' } });
    expect(response.status).to.equal(403);
  });

  it('refuses with 409 a receipt for a message no gateway sent (the cabinet), changing nothing', async () => {
    const id = await postNotification(institution, notificationRequest({ Recipients: [{ Value: '2000000000011', Type: 'Cabinet' }] }));
    const message = (await settled(id, 'Sent')).Recipients[0].Messages[0];
    expect(message.Channel).to.equal('Cabinet');
    const refused = await receipt(message.MessageId, 'Failed', { failureCode: 'Bogus' });
    expect(refused.status).to.equal(409);
    expect((await notificationOf(institution, id)).Status).to.equal('Sent');
  });
});
