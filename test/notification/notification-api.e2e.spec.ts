import { expect } from 'chai';
import type { HttpsClient } from '../support/https-client';
import { TestPlatform } from '../support/test-platform';
import { notificationOf, notificationRequest, postNotification, withEnv } from './notification-test-kit';

const MB = 1024 * 1024;
const SENDER_B = { id: 'sender-b', certificate: { commonName: 'sender-b' }, rights: { notification: ['notifications'] } };

/** The API contract with the dispatcher off: what is accepted, what is refused, what is listed. */
describe('Notifications: the API, its validation and every limit of the seed (e2e)', () => {
  let platform: TestPlatform;
  let institution: HttpsClient;
  let restoreEnv: () => void;

  before(async () => {
    restoreEnv = withEnv({ NOTIFY_DISPATCHER: 'off' });
    platform = await TestPlatform.start({ extraClients: [SENDER_B] });
    institution = platform.client('demo-institution');
  });
  after(async () => {
    await platform.stop();
    restoreEnv();
  });

  const acceptedCount = async () => (await platform.platform.stores.events.readAll({ after: 0, limit: 1_000_000, filter: { types: ['md.gov.notification.notification.accepted.v1'] } })).length;
  const refused = async (body: unknown, field?: string) => {
    const response = await institution.post('/api/Notification', { body: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json' } });
    expect(response.status, `${response.text.slice(0, 300)}`).to.equal(400);
    expect(response.headers['content-type']).to.match(/application\/problem\+json/);
    if (field) expect(response.json().errors, JSON.stringify(response.json().errors)).to.have.property(field);
    return response.json();
  };

  describe('POST /api/Notification', () => {
    it('accepts the seed\'s body and answers the notification UUID; the notification is Pending with its recipients', async () => {
      const id = await postNotification(institution, notificationRequest({ UserId: '2000000000011', Recipients: [{ Value: '1003600000010', Type: 'IDNO' }, { Value: 'a@b.md', Type: 'Email' }] }));
      const notification = await notificationOf(institution, id);
      expect(notification).to.deep.equal({
        Id: id,
        Status: 'Pending',
        Recipients: [
          { Value: '1003600000010', Type: 'IDNO', IsLegal: true, Messages: [] },
          { Value: 'a@b.md', Type: 'Email', IsLegal: false, Messages: [] },
        ],
      });
    });

    it('accepts member names in any letter case, as the public guide\'s camelCase example sends them', async () => {
      const id = await postNotification(institution, {
        subject: { ro: 'Titlu', en: 'Title', ru: 'Заголовок' },
        body: { ro: 'Corpul mesajului', en: 'Message body' },
        bodyShort: { ro: 'Scurt' },
        recipients: [{ value: 'customer.email@example.md', type: 'Email' }],
        priority: 'Low',
      });
      expect((await notificationOf(institution, id)).Recipients[0].Value).to.equal('customer.email@example.md');
    });

    it('refuses missing members, wrong enumerations and unknown members with 400, writing nothing', async () => {
      const before = await acceptedCount();
      const { Subject: _subject, ...withoutSubject } = notificationRequest();
      await refused(withoutSubject, 'Subject');
      await refused(notificationRequest({ Subject: { En: 'no Ro' } }), 'Subject.Ro');
      await refused(notificationRequest({ Priority: 'Urgent' }), 'Priority');
      await refused(notificationRequest({ Recipients: [] }), 'Recipients');
      await refused(notificationRequest({ Recipients: [{ Value: 'x', Type: 'Fax' }] }), 'Recipients.0.Type');
      await refused(notificationRequest({ Unexpected: true }), 'Unexpected');
      // one member twice, in two letter cases: which would count is not the caller's to guess
      await refused(notificationRequest({ subject: { Ro: 'Alt titlu' } }), 'Subject');
      await refused(notificationRequest({ Recipients: [{ Value: 'a@example.md', value: 'b@example.md', Type: 'Email' }] }), 'Recipients.0.Value');
      await refused(notificationRequest({ ResolutionPolicy: { type: 'IDNO', parameters: { Direction: 'Boss' } } }), 'ResolutionPolicy.parameters.Direction');
      await refused('{"Subject":');
      for (const member of ['constructor', 'toString', '__proto__']) await refused(`{"${member}":1}`, member);
      expect(await acceptedCount()).to.equal(before);
    });

    it('checks IDNP (13 digits), the e-mail form, phones and identifier recipients', async () => {
      await refused(notificationRequest({ UserId: '123456789012' }), 'UserId');
      await refused(notificationRequest({ Recipients: [{ Value: '200000000001', Type: 'IDNP' }] }), 'Recipients.0.Value');
      await refused(notificationRequest({ Recipients: [{ Value: '20000000000111', Type: 'Cabinet' }] }), 'Recipients.0.Value');
      await refused(notificationRequest({ Recipients: [{ Value: 'not-an-email', Type: 'Email' }] }), 'Recipients.0.Value');
      await refused(notificationRequest({ Recipients: [{ Value: 'a@b', Type: 'Email' }] }), 'Recipients.0.Value');
      await refused(notificationRequest({ Recipients: [{ Value: 'call me', Type: 'SMS' }] }), 'Recipients.0.Value');
      await refused(notificationRequest({ Recipients: [{ Value: 'ABC123', Type: 'PlateNumber' }] }), 'Recipients.0.Type');
      await postNotification(institution, notificationRequest({ Recipients: [{ Value: 'ABC123', Type: 'PlateNumber' }], ResolutionPolicy: { type: 'PlateNumber', parameters: { Direction: 'Owner' } } }));
    });

    it('limits the subject to 41 characters when e-mail may be used and to 160 for SMS', async () => {
      const subject = (length: number) => ({ Ro: 'ș'.repeat(length) });
      await postNotification(institution, notificationRequest({ Subject: subject(41) }));
      await refused(notificationRequest({ Subject: subject(42) }), 'Subject.Ro');
      await refused(notificationRequest({ Subject: { Ro: 'ok', En: 'e'.repeat(42) } }), 'Subject.En');
      await refused(notificationRequest({ Subject: subject(42), Recipients: [{ Value: '2000000000011', Type: 'IDNP' }] }), 'Subject.Ro');
      await postNotification(institution, notificationRequest({ Subject: subject(160), Recipients: [{ Value: '+37369000001', Type: 'SMS' }] }));
      await refused(notificationRequest({ Subject: subject(161), Recipients: [{ Value: '+37369000001', Type: 'SMS' }] }), 'Subject.Ro');
    });

    it('accepts the attachment formats of the seed and refuses others and broken base64', async () => {
      const file = Buffer.from('hello').toString('base64');
      for (const name of ['a.jpeg', 'b.jpg', 'c.png', 'd.txt', 'e.pdf', 'f.csv', 'g.xls', 'H.PDF']) {
        await postNotification(institution, notificationRequest({ Attachments: [{ FileName: name, Base64: file }] }));
      }
      await refused(notificationRequest({ Attachments: [{ FileName: 'virus.exe', Base64: file }] }), 'Attachments.0.FileName');
      await refused(notificationRequest({ Attachments: [{ FileName: 'noextension', Base64: file }] }), 'Attachments.0.FileName');
      await refused(notificationRequest({ Attachments: [{ FileName: 'a.xlsx', Base64: file }] }), 'Attachments.0.FileName');
      for (const name of ['../../etc/a.pdf', 'dir\\a.pdf', 'a\u0000.pdf', 'a\r\nContent-Type: text/html.pdf', '.pdf', 'a\u200b.pdf']) {
        await refused(notificationRequest({ Attachments: [{ FileName: name, Base64: file }] }), 'Attachments.0.FileName');
      }
      await postNotification(institution, notificationRequest({ Attachments: [{ FileName: 'Cerere nr. 5 (final).pdf', Base64: file }] }));
      await refused(notificationRequest({ Attachments: [{ FileName: 'a.txt', Base64: 'not base64!' }] }), 'Attachments.0.Base64');
    });

    it('limits attachments to 10 MB in total, body with attachments to 10 MB, and a body alone to 15 MB', async () => {
      const bytes = (size: number) => Buffer.alloc(size, 7).toString('base64');
      await postNotification(institution, notificationRequest({ Attachments: [{ FileName: 'a.pdf', Base64: bytes(5 * MB) }, { FileName: 'b.pdf', Base64: bytes(5 * MB - 200) }] }));
      await refused(notificationRequest({ Attachments: [{ FileName: 'a.pdf', Base64: bytes(5 * MB) }, { FileName: 'b.pdf', Base64: bytes(5 * MB + 1) }] }), 'Attachments');
      await refused(notificationRequest({ Body: { Ro: 'x'.repeat(9 * MB) }, Attachments: [{ FileName: 'a.pdf', Base64: bytes(2 * MB) }] }), 'Body');
      await postNotification(institution, notificationRequest({ Body: { Ro: 'x'.repeat(15 * MB) } }));
      await refused(notificationRequest({ Body: { Ro: 'x'.repeat(15 * MB + 1) } }), 'Body');
    });

    it('refuses a request over the size limit with 413', async () => {
      const response = await institution.post('/api/Notification', { body: JSON.stringify(notificationRequest({ Body: { Ro: 'x'.repeat(33 * MB) } })) });
      expect(response.status).to.equal(413);
    });
  });

  describe('GET /api/Notifications/ and GET /api/Notification/{id}', () => {
    it('lists only the sender\'s notifications as NotificationShortDto, with or without the trailing slash', async () => {
      const mine = await postNotification(institution, notificationRequest());
      const theirs = await postNotification(platform.client('sender-b'), notificationRequest());
      for (const path of ['/api/Notifications/', '/api/Notifications']) {
        const response = await institution.get(path, { query: { ItemsPerPage: 100 } });
        expect(response.status).to.equal(200);
        const ids = response.json().map((item: { ID: string }) => item.ID);
        expect(ids).to.include(mine);
        expect(ids).not.to.include(theirs);
      }
      const [item] = (await institution.get('/api/Notifications/', { query: { SearchBy: mine } })).json();
      expect(Object.keys(item).sort()).to.deep.equal(['CreatedAt', 'CreatedBy', 'ID', 'LastUpdatedAt', 'LastUpdatedBy', 'Status']);
      expect(item).to.include({ ID: mine, Status: 'Pending', CreatedBy: 'demo-institution', LastUpdatedBy: 'demo-institution' });
      expect((await institution.get(`/api/Notification/${theirs}`)).status).to.equal(404);
    });

    it('pages with Page and ItemsPerPage and orders by OrderField', async () => {
      const all = (await institution.get('/api/Notifications/', { query: { ItemsPerPage: 100, OrderField: 'CreatedAt' } })).json();
      const newestFirst = (await institution.get('/api/Notifications/', { query: { ItemsPerPage: 100, OrderField: 'CreatedAt desc' } })).json();
      expect(newestFirst.map((item: { ID: string }) => item.ID)).to.deep.equal([...all].reverse().map((item: { ID: string }) => item.ID));
      const second = (await institution.get('/api/Notifications/', { query: { Page: 2, ItemsPerPage: 2, OrderField: 'CreatedAt' } })).json();
      expect(second.map((item: { ID: string }) => item.ID)).to.deep.equal(all.slice(2, 4).map((item: { ID: string }) => item.ID));
    });

    it('refuses a bad OrderField, ItemsPerPage over 100, Page 0 and a SearchBy that is not a UUID with 400; unknown ids are 404', async () => {
      const bad: Record<string, string | number>[] = [{ OrderField: 'Body' }, { ItemsPerPage: 101 }, { Page: 0 }, { SearchBy: 'abc' }, { OrderField: 'CreatedAt sideways' }];
      for (const query of bad) {
        expect((await institution.get('/api/Notifications/', { query })).status, JSON.stringify(query)).to.equal(400);
      }
      expect((await institution.get('/api/Notification/00000000-0000-4000-8000-000000000000')).status).to.equal(404);
      expect((await institution.get('/api/Notification/not-a-uuid')).status).to.equal(404);
      for (const query of ['Page=1&Page=2', 'page=1&Page=2']) {
        const repeated = await institution.get(`/api/Notifications/?${query}`);
        expect(repeated.status, query).to.equal(400);
        expect(repeated.json().errors, query).to.have.key('Page');
      }
    });

    it('answers 401 without a registered certificate and 403 without the notifications right', async () => {
      expect((await platform.anonymous().get('/api/Notifications/')).status).to.equal(401);
      expect((await platform.stranger('unregistered').post('/api/Notification', { body: notificationRequest() })).status).to.equal(401);
      expect((await platform.client('demo-producer').get('/api/Notifications/')).status).to.equal(403);
      expect((await platform.client('demo-producer').post('/api/Notification', { body: notificationRequest() })).status).to.equal(403);
    });
  });
});
