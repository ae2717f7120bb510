import { expect } from 'chai';
import type { HttpsClient } from '../support/https-client';
import type { TestPlatform } from '../support/test-platform';
import { type TestSmtpServer, eventually, notificationOf, notificationRequest, postNotification, statusIs, startMailPlatform, type MailPlatform } from './notification-test-kit';

const ELENA = '2000000000044';
const OTHER_SENDER = { id: 'other-sender', certificate: { commonName: 'other-sender' }, rights: { notification: ['notifications'] } };

describe('Notifications: the cabinet inbox and cancelling (e2e)', () => {
  let smtp: TestSmtpServer;
  let platform: TestPlatform;
  let institution: HttpsClient;
  let mail: MailPlatform;

  before(async () => {
    mail = await startMailPlatform({ extraClients: [OTHER_SENDER] });
    ({ platform, smtp } = mail);
    institution = mail.institution;
  });
  after(() => mail.stop());

  const reach = (id: string, ...statuses: string[]) => eventually(() => notificationOf(institution, id), statusIs(...statuses), `notification ${id} to reach ${statuses}`);
  const inbox = async (idnp: string, extra: object = {}) => {
    const response = await institution.post('/api/v1/cabinet-message-searches', { body: { idnp, ...extra } });
    expect(response.status, response.text).to.equal(200);
    return response.json() as { items: { messageId: string; notificationId: string; subject: string; body: string; readAt?: string }[]; nextCursor: string; totalCount: number };
  };
  const toCabinet = (subject: string) => notificationRequest({ Subject: { Ro: subject }, Recipients: [{ Value: ELENA, Type: 'Cabinet' }] });

  describe('cabinet', () => {
    it('puts the message in the citizen\'s inbox; opening it makes it Read', async () => {
      const id = await postNotification(institution, toCabinet('Certificat eliberat'));
      const sent = await reach(id, 'Sent');
      const messageId = sent.Recipients[0].Messages[0].MessageId;
      const { items } = await inbox(ELENA);
      const item = items.find((candidate) => candidate.messageId === messageId)!;
      expect(item).to.include({ notificationId: id, subject: 'Certificat eliberat', body: '<p>Aveți o plată restantă.</p>' });
      expect(item.readAt).to.equal(undefined);

      const reading = await institution.post(`/api/v1/cabinet-messages/${messageId}/readings`, { body: { idnp: ELENA } });
      expect(reading.status, reading.text).to.equal(204);
      expect((await reach(id, 'Read')).Recipients[0].Messages[0].Status).to.equal('Read');
      expect((await inbox(ELENA)).items.find((candidate) => candidate.messageId === messageId)!.readAt).to.be.a('string');
    });

    it('pages the inbox and guards it: 400 for a bad IDNP, 404 for another citizen\'s message, 403 without the right', async () => {
      for (const subject of ['Unu', 'Doi', 'Trei']) await reach(await postNotification(institution, toCabinet(subject)), 'Sent');
      const first = await inbox(ELENA, { limit: 2 });
      expect(first.items).to.have.length(2);
      expect(first.nextCursor).to.equal('2');
      expect((await inbox(ELENA, { cursor: first.nextCursor, limit: 2 })).items.length).to.be.greaterThan(0);
      expect((await institution.post('/api/v1/cabinet-message-searches', { body: { idnp: '123' } })).status).to.equal(400);
      const someone = first.items[0].messageId;
      expect((await institution.post(`/api/v1/cabinet-messages/${someone}/readings`, { body: { idnp: '2000000000099' } })).status).to.equal(404);
      expect((await platform.client('demo-producer').post('/api/v1/cabinet-message-searches', { body: { idnp: ELENA } })).status).to.equal(403);
    });
  });

  describe('DELETE /api/Notification/{id}', () => {
    it('withdraws an unread cabinet message: Cancelling, then Cancelled, gone from the inbox; repeating answers the id again', async () => {
      const id = await postNotification(institution, toCabinet('De retras'));
      const messageId = (await reach(id, 'Sent')).Recipients[0].Messages[0].MessageId;
      const response = await institution.delete(`/api/Notification/${id}`);
      expect(response.status).to.equal(200);
      expect(response.json()).to.equal(id);
      const cancelled = await reach(id, 'Cancelled');
      expect(cancelled.Recipients[0].Messages[0].Status).to.equal('Cancelled');
      expect((await inbox(ELENA)).items.map((item) => item.messageId)).not.to.include(messageId);
      expect((await institution.delete(`/api/Notification/${id}`)).status).to.equal(200);
    });

    it('answers 409 once the message was read, or sent on a channel that cannot take it back', async () => {
      const read = await postNotification(institution, toCabinet('Citit'));
      const messageId = (await reach(read, 'Sent')).Recipients[0].Messages[0].MessageId;
      await institution.post(`/api/v1/cabinet-messages/${messageId}/readings`, { body: { idnp: ELENA } });
      await reach(read, 'Read');
      const afterRead = await institution.delete(`/api/Notification/${read}`);
      expect(afterRead.status).to.equal(409);
      expect(afterRead.json()).to.include({ status: 409, title: 'Conflict' });

      const mailed = await postNotification(institution, notificationRequest({ Recipients: [{ Value: 'sent@example.md', Type: 'Email' }] }));
      await reach(mailed, 'Sent');
      const afterMail = await institution.delete(`/api/Notification/${mailed}`);
      expect(afterMail.status).to.equal(409);
      expect(afterMail.json().detail).to.match(/Email channel cannot take back/);
      expect((await notificationOf(institution, mailed)).Status).to.equal('Sent');
    });

    it('answers 409 for a failed notification, 404 for an unknown one and for another sender\'s', async () => {
      const failed = await postNotification(institution, notificationRequest({ Recipients: [{ Value: '2999999999999', Type: 'IDNP' }] }));
      await reach(failed, 'Failed');
      expect((await institution.delete(`/api/Notification/${failed}`)).status).to.equal(409);
      expect((await institution.delete('/api/Notification/00000000-0000-4000-8000-000000000000')).status).to.equal(404);
      expect((await institution.delete('/api/Notification/not-a-uuid')).status).to.equal(404);
      const other = platform.client('other-sender');
      expect((await other.delete(`/api/Notification/${failed}`)).status).to.equal(404);
      expect((await other.get(`/api/Notification/${failed}`)).status).to.equal(404);
    });
  });
});
