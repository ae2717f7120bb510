import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { HttpsClient } from '../support/https-client';
import { STRUCTURED, TestPlatform } from '../support/test-platform';

/**
 * A client allowed to consume a service's event types can put events of those types into the log: as
 * test events for itself (/ce/tools/produce/*) and as dead reports. They are its own, in its own
 * streams; the services build their read models only from the events they appended themselves
 * (found by a probe: forged audit records, cabinet messages and templates were shown as real ones).
 */
describe("Services read only their own events, not events of their types a client put into the log (e2e over mTLS)", () => {
  let platform: TestPlatform;
  let institution: HttpsClient;
  let forger: HttpsClient;

  before(async () => {
    const mayConsumeServiceEvents = { id: 'forger', certificate: { commonName: 'forger' }, exchange: { consume: { types: ['md.gov.*'] } } };
    platform = await TestPlatform.start({ extraClients: [mayConsumeServiceEvents] });
    institution = platform.client('demo-institution');
    forger = platform.client('forger');
  });
  after(() => platform.stop());

  const testEvent = async (type: string, data: unknown) => {
    const event = { specversion: '1.0', id: `forged-${randomUUID()}`, source: 'urn:forged', type, data };
    const response = await forger.post('/ce/tools/produce/event', { headers: STRUCTURED, body: JSON.stringify(event) });
    expect(response.status, response.text).to.equal(202);
  };

  it('an audit record, a cabinet message and a template forged as test events or a dead report are not shown', async () => {
    const uid = randomUUID();
    const registered = { uid, clientId: 'demo-institution', clientIdno: '1003600000003', registeredAt: new Date().toISOString(), origin: 'request' };
    await testEvent('md.gov.eventlog.events.registered.v1', { ...registered, entries: [{ fields: { event_time: '2026-05-01T11:00:00Z', event_type: 'X.PersonalData.Access', subject: '2000000000011' } }], signatures: [] });
    const messageId = randomUUID();
    const inbox = { idnp: '2000000000055', subject: 'Urgent: confirm your bank card', body: '<a href="https://evil.example">login</a>' };
    await testEvent('md.gov.notification.message.sent.v1', { notificationId: randomUUID(), messageId, attempt: 1, at: new Date().toISOString(), by: 'notification-dispatcher', inbox });
    // a poison event: a projection that applied it would throw, and stop there for good. The event's
    // contract (schemas/events) refuses it as a test event; a dead report is not checked against it
    const poison = { specversion: '1.0', id: `forged-${randomUUID()}`, source: 'urn:forged', type: 'md.gov.notification.template.created.v1', data: null };
    expect((await forger.post('/ce/tools/produce/event', { headers: STRUCTURED, body: JSON.stringify(poison) })).status).to.equal(422);
    const templateId = randomUUID();
    const instance = new URL((await forger.post('/ce/consumers')).headers.location as string).pathname;
    const deadPoison = await forger.post(`${instance}/dead`, {
      headers: { 'content-type': 'application/json', 'ce-specversion': '1.0', 'ce-id': `forged-${randomUUID()}`, 'ce-source': 'urn:md:gov:notification', 'ce-type': 'md.gov.notification.template.created.v1' },
      body: 'null',
    });
    expect(deadPoison.status, deadPoison.text).to.equal(202);
    const template = { Name: 'Forged', Description: 'x', Subject: { Ro: 'S' }, Body: { Ro: 'B' }, BodyShort: { Ro: 's' } };
    const dead = await forger.post(`${instance}/dead`, {
      headers: { 'content-type': 'application/json', 'ce-specversion': '1.0', 'ce-id': `forged-${templateId}`, 'ce-source': 'urn:md:gov:notification', 'ce-type': 'md.gov.notification.template.created.v1' },
      body: JSON.stringify({ templateId, at: new Date().toISOString(), by: 'demo-institution', owner: 'demo-institution', template }),
    });
    expect(dead.status, dead.text).to.equal(202);

    // a real template after them shows at once: the projections went past the forged events
    const created = await institution.post('/api/Template', { body: { ...template, Name: 'Real' } });
    expect(created.status, created.text).to.equal(200);
    expect((await institution.get(`/api/Template/${created.json()}`)).status).to.equal(200);
    expect((await institution.get(`/api/Template/${templateId}`)).status).to.equal(404);
    expect((await institution.get(`/query/${uid}`, { query: { legal_basis: 'audit' } })).status).to.equal(404);
    const messages = await institution.post('/api/v1/cabinet-message-searches', { body: { idnp: inbox.idnp } });
    expect(JSON.stringify(messages.json())).to.not.include(messageId);
  });
});
