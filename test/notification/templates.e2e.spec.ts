import { expect } from 'chai';
import type { HttpsClient } from '../support/https-client';
import type { TestPlatform } from '../support/test-platform';
import { type TestSmtpServer, eventually, notificationOf, notificationRequest, postNotification, statusIs, startMailPlatform, type MailPlatform } from './notification-test-kit';

const OTHER_SENDER = { id: 'other-sender', certificate: { commonName: 'other-sender' }, rights: { notification: ['templates'] } };

const welcome = (overrides: Record<string, unknown> = {}) => ({
  Name: 'Welcome',
  Description: 'Greets a new user',
  Subject: { Ro: 'Bun venit, {{customerName}}', En: 'Welcome, {{customerName}}' },
  Body: { Ro: '<p>Dragă {{customerName}}, IDNP {{IDNP}}, azi {{Date}}</p>', En: '<p>Dear {{customerName}}</p>' },
  BodyShort: { Ro: '{{customerName}}, bine ai venit!' },
  ...overrides,
});

describe('Notifications: templates (e2e)', () => {
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

  const create = async (body: object = welcome()) => {
    const response = await institution.post('/api/Template', { body });
    expect(response.status, response.text).to.equal(200);
    return response.json() as string;
  };

  it('creates a template and answers its UUID; GET returns the TemplateDto', async () => {
    const id = await create();
    expect(id).to.match(/^[0-9a-f-]{36}$/);
    const response = await institution.get(`/api/Template/${id}`);
    expect(response.status).to.equal(200);
    expect(response.json()).to.deep.equal(welcome());
  });

  it('updates with PUT and deletes with DELETE; a deleted template is 404, deleting it again 409', async () => {
    const id = await create();
    const updated = await institution.put(`/api/Template/${id}`, { body: welcome({ Name: 'Welcome v2' }) });
    expect(updated.status).to.equal(200);
    expect(updated.json()).to.equal(id);
    expect((await institution.get(`/api/Template/${id}`)).json().Name).to.equal('Welcome v2');
    const deleted = await institution.delete(`/api/Template/${id}`);
    expect(deleted.status).to.equal(200);
    expect(deleted.json()).to.equal(id);
    expect((await institution.get(`/api/Template/${id}`)).status).to.equal(404);
    expect((await institution.put(`/api/Template/${id}`, { body: welcome() })).status).to.equal(404);
    expect((await institution.delete(`/api/Template/${id}`)).status).to.equal(409);
  });

  it('checks a template: fills the variables and, from userId, the IDNP or the IDNO; leaves the rest', async () => {
    const id = await create();
    const response = await institution.get(`/api/Template/${id}/check`, { query: { variables: JSON.stringify({ customerName: 'John Doe' }), userId: '2000000000011' } });
    expect(response.status, response.text).to.equal(200);
    const checked = response.json();
    expect(checked.Subject).to.deep.equal({ Ro: 'Bun venit, John Doe', En: 'Welcome, John Doe' });
    expect(checked.Body.Ro).to.equal('<p>Dragă John Doe, IDNP 2000000000011, azi {{Date}}</p>');
    // an IDNO fills {{IDNO}}, as a send to that IDNO would, not {{IDNP}}
    const company = await create(welcome({ Body: { Ro: '<p>IDNP {{IDNP}}, IDNO {{IDNO}}</p>' } }));
    const forCompany = await institution.get(`/api/Template/${company}/check`, { query: { userId: '1003600000010' } });
    expect(forCompany.json().Body.Ro).to.equal('<p>IDNP {{IDNP}}, IDNO 1003600000010</p>');
    expect((await institution.get(`/api/Template/${id}/check`, { query: { variables: '{not json' } })).status).to.equal(400);
    expect((await institution.get(`/api/Template/${id}/check`, { query: { userId: '123' } })).status).to.equal(400);
    expect((await institution.get('/api/Template/00000000-0000-4000-8000-000000000000/check')).status).to.equal(404);
  });

  it('lists the sender\'s templates as TemplateShortDto, paged, ordered and searched by id, with or without the trailing slash', async () => {
    const a = await create(welcome({ Name: 'A template' }));
    const b = await create(welcome({ Name: 'B template' }));
    for (const path of ['/api/Template', '/api/Template/']) {
      const response = await institution.get(path, { query: { OrderField: 'Name desc', ItemsPerPage: 100 } });
      expect(response.status).to.equal(200);
      const names = response.json().map((template: { Name: string }) => template.Name);
      expect(names.indexOf('B template')).to.be.lessThan(names.indexOf('A template'));
    }
    const [found] = (await institution.get('/api/Template', { query: { SearchBy: b } })).json();
    expect(Object.keys(found).sort()).to.deep.equal(['CreatedAt', 'CreatedBy', 'Id', 'LastUpdatedAt', 'LastUpdatedBy', 'Name']);
    expect(found).to.include({ Id: b, Name: 'B template', CreatedBy: 'demo-institution' });
    const page = (await institution.get('/api/Template', { query: { Page: 1, ItemsPerPage: 1, OrderField: 'CreatedAt' } })).json();
    expect(page).to.have.length(1);
    expect((await institution.get('/api/Template', { query: { SearchBy: a } })).json()).to.have.length(1);
    expect((await platform.client('other-sender').get('/api/Template')).json()).to.deep.equal([]);
    expect((await platform.client('other-sender').get(`/api/Template/${a}`)).status).to.equal(404);
  });

  it('refuses a Name over 50 characters or blank, a missing Ro and a missing member with 400', async () => {
    for (const body of [welcome({ Name: 'x'.repeat(51) }), welcome({ Name: '   ' }), welcome({ Subject: { En: 'no Ro' } }), { Name: 'no content' }, welcome({ Extra: 1 })]) {
      const response = await institution.post('/api/Template', { body });
      expect(response.status, JSON.stringify(body).slice(0, 80)).to.equal(400);
      expect(response.headers['content-type']).to.match(/application\/problem\+json/);
    }
    expect((await institution.post('/api/Template', { body: welcome({ Name: 'x'.repeat(50) }) })).status).to.equal(200);
  });

  it('sends a notification from a template: variables filled, built-ins per recipient, unknown variables refused', async () => {
    const id = await create();
    const notificationId = await postNotification(
      institution,
      notificationRequest({ Template: { Id: id, Variables: JSON.stringify({ customerName: 'Ana' }) }, Recipients: [{ Value: 'ana.t@example.md', Type: 'Email' }] }),
    );
    await eventually(() => notificationOf(institution, notificationId), statusIs('Sent'), 'the templated e-mail');
    const [mail] = smtp.mailsTo('ana.t@example.md');
    expect(mail.subject).to.equal('Bun venit, Ana');
    expect((await notificationOf(institution, notificationId)).Recipients[0].Messages[0].Subject).to.equal('Bun venit, Ana');
    expect(mail.html, 'a contact given directly has no IDNP').to.match(/^<p>Dragă Ana, IDNP , azi \d{2}\.\d{2}\.\d{4}<\/p>$/);

    const missing = await institution.post('/api/Notification', { body: notificationRequest({ Template: { Id: id } }) });
    expect(missing.status).to.equal(400);
    expect(missing.json().errors['Template.Variables']).to.deep.equal(['no value for {{customerName}}']);
    const unknown = await institution.post('/api/Notification', { body: notificationRequest({ Template: { Id: '00000000-0000-4000-8000-000000000000' } }) });
    expect(unknown.status).to.equal(400);
    const badVariables = await institution.post('/api/Notification', { body: notificationRequest({ Template: { Id: id, Variables: '[1,2]' } }) });
    expect(badVariables.status).to.equal(400);
  });

  it('inserts a variable\'s value once: a value that looks like a placeholder is not filled again when sent', async () => {
    const id = await create();
    const notificationId = await postNotification(
      institution,
      notificationRequest({ Template: { Id: id, Variables: JSON.stringify({ customerName: '{{IDNP}} {{Date}}' }) }, Recipients: [{ Value: '2000000000011', Type: 'IDNP' }] }),
    );
    const ionsMail = async () => smtp.mailsTo('ion.popescu@example.md').filter((candidate) => candidate.subject.startsWith('Bun venit'));
    const [mail] = await eventually(ionsMail, (mails) => mails.length > 0, 'the e-mail to Ion'); // no gateways here: only the e-mail goes
    expect(mail.subject).to.equal('Bun venit, {{IDNP}} {{Date}}');
    expect(mail.html).to.match(/^<p>Dragă \{\{IDNP\}\} \{\{Date\}\}, IDNP 2000000000011, azi \d{2}\.\d{2}\.\d{4}<\/p>$/);
    const [message] = (await notificationOf(institution, notificationId)).Recipients[0].Messages;
    expect(message.Subject).to.equal('Bun venit, {{IDNP}} {{Date}}');
  });

  it('escapes the variables filled into the HTML body: in the e-mail, the cabinet inbox and check; the text part keeps them as given', async () => {
    const id = await create(welcome({ Subject: { Ro: 'Bun venit' }, Body: { Ro: '<p>Dragă {{customerName}}</p><a href="{{link}}">x</a>' }, BodyShort: { Ro: '{{customerName}}' } }));
    const variables = JSON.stringify({ customerName: '<script>alert(1)</script> Tom & "Jerry"', link: '" onmouseover="alert(1)' });
    const escaped = '<p>Dragă &#60;script&#62;alert(1)&#60;/script&#62; Tom &#38; &#34;Jerry&#34;</p><a href="&#34; onmouseover=&#34;alert(1)">x</a>';
    const checked = await institution.get(`/api/Template/${id}/check`, { query: { variables } });
    expect(checked.json().Body.Ro).to.equal(escaped);
    const elena = '2000000000044'; // the cabinet is her only contact
    const notificationId = await postNotification(
      institution,
      notificationRequest({ Template: { Id: id, Variables: variables }, Recipients: [{ Value: 'escaped@example.md', Type: 'Email' }, { Value: elena, Type: 'Cabinet' }] }),
    );
    await eventually(() => notificationOf(institution, notificationId), statusIs('Sent'), 'the templated notification');
    const [mail] = smtp.mailsTo('escaped@example.md');
    expect(mail.html).to.equal(escaped);
    expect(mail.text).to.equal('<script>alert(1)</script> Tom & "Jerry"');
    const inbox = (await institution.post('/api/v1/cabinet-message-searches', { body: { idnp: elena, limit: 100 } })).json();
    expect(inbox.items.find((item: { notificationId: string }) => item.notificationId === notificationId).body).to.equal(escaped);
  });

  it('treats placeholders named like properties every object has ({{constructor}}, {{__proto__}}) as any other', async () => {
    const id = await create(welcome({ Subject: { Ro: 'Salut {{constructor}} {{__proto__}} {{valueOf}}' } }));
    const missing = await institution.post('/api/Notification', { body: notificationRequest({ Template: { Id: id, Variables: JSON.stringify({ customerName: 'Ana' }) } }) });
    expect(missing.status, missing.text).to.equal(400);
    expect(missing.json().errors['Template.Variables']).to.have.members(['no value for {{constructor}}', 'no value for {{__proto__}}', 'no value for {{valueOf}}']);
    const variables = '{"customerName":"Ana","constructor":"C","__proto__":"P","valueOf":"V"}';
    const checked = await institution.get(`/api/Template/${id}/check`, { query: { variables } });
    expect(checked.status, checked.text).to.equal(200);
    expect(checked.json().Subject.Ro).to.equal('Salut C P V');
    expect((await institution.get(`/api/Template/${id}/check`)).json().Subject.Ro).to.equal('Salut {{constructor}} {{__proto__}} {{valueOf}}');
  });

  it('answers 401 without a registered certificate and 403 without the templates right', async () => {
    expect((await platform.anonymous().get('/api/Template')).status).to.equal(401);
    expect((await platform.client('demo-producer').get('/api/Template')).status).to.equal(403);
  });
});
