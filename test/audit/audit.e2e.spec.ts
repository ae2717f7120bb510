import { expect } from 'chai';
import type { HttpsClient } from '../support/https-client';
import { BATCH, STRUCTURED, TestPlatform, demoEvent } from '../support/test-platform';

describe('Audit trail (e2e over mTLS)', () => {
  let platform: TestPlatform;
  let auditor: HttpsClient;

  before(async () => {
    platform = await TestPlatform.start();
    auditor = platform.client('demo-auditor');
    const batch = [demoEvent(), demoEvent(), demoEvent()];
    expect((await platform.client('demo-producer').post('/ce/produce/events', { headers: BATCH, body: JSON.stringify(batch) })).status).to.equal(202);
  });
  after(() => platform.stop());

  it('lists one stream’s events with who caused them and when, paged by cursor', async () => {
    const first = await auditor.get('/api/v1/audit/streams/exchange-demo-producer/events', { query: { limit: 2 } });
    expect(first.status).to.equal(200);
    const page = first.json();
    expect(page.items).to.have.length(2);
    expect(page.items[0]).to.include({ streamId: 'exchange-demo-producer', revision: 0, causedBy: 'demo-producer', kind: 'standard' });
    expect(page.items[0]).to.include.keys('position', 'recordedAt', 'event');
    const second = (await auditor.get('/api/v1/audit/streams/exchange-demo-producer/events', { query: { cursor: page.nextCursor, limit: 2 } })).json();
    expect(second.items.map((item: any) => item.revision)).to.deep.equal([2]);
    expect(second.nextCursor).to.equal('');
  });

  it('pages through the whole log, optionally by type', async () => {
    const registry = (await auditor.get('/api/v1/audit/events', { query: { type: 'md.gov.platform.client.registered.v1' } })).json();
    expect(registry.items.map((item: any) => item.event.subject)).to.include.members(['demo-producer', 'demo-consumer', 'demo-auditor']);
    const all = (await auditor.get('/api/v1/audit/events', { query: { limit: 1000 } })).json();
    const positions = all.items.map((item: any) => Number(item.position));
    expect(positions).to.deep.equal([...positions].sort((a, b) => a - b));
  });

  it('logs a read of events that name data subjects as the auditor\'s access to each, before answering; other reads log nothing', async () => {
    const subject = '2002000000013';
    const institution = platform.client('demo-institution');
    const registered = await institution.post('/register', { body: JSON.stringify({ event_time: '2026-01-05T10:00:00Z', event_type: 'Demo.PersonalData.Access', subject, legal_basis: 'Law 133/2011' }) });
    expect(registered.status, registered.text).to.equal(200);
    const uid = registered.json().UID as string;

    const headBefore = await platform.platform.stores.events.headPosition();
    expect((await auditor.get('/api/v1/audit/events', { query: { type: 'md.gov.platform.client.registered.v1' } })).status).to.equal(200);
    expect(await platform.platform.stores.events.headPosition(), 'no subject, nothing logged').to.equal(headBefore);

    const read = await auditor.get(`/api/v1/audit/streams/eventlog-registration-${uid}/events`, { query: { legalBasis: 'annual audit 2026' } });
    expect(read.status, read.text).to.equal(200);
    const accesses = await institution.post('/api/v1/personal-data-accesses/searches', { body: { subject, legalBasis: 'data subject request' } });
    const byAuditor = accesses.json().items.filter((item: Record<string, unknown>) => item['@loggedBy'] === 'demo-auditor');
    expect(byAuditor).to.have.length(1);
    expect(byAuditor[0]).to.include({ event_type: 'Audit.PersonalData.Access', legal_basis: 'annual audit 2026', subject });
  });

  it('tells each data subject of an auditor\'s read about several persons only of themselves', async () => {
    const [first, second] = ['2002000000024', '2002000000035'];
    const institution = platform.client('demo-institution');
    const registered = await institution.post('/register', {
      body: JSON.stringify([first, second].map((subject) => ({ event_time: '2026-01-06T10:00:00Z', event_type: 'Demo.PersonalData.Access', subject, legal_basis: 'Law 133/2011' }))),
    });
    expect(registered.status, registered.text).to.equal(200);
    const read = await auditor.get(`/api/v1/audit/streams/eventlog-registration-${registered.json().UID}/events`, { query: { legalBasis: 'annual audit 2026' } });
    expect(read.status, read.text).to.equal(200);
    for (const [subject, other] of [[first, second], [second, first]]) {
      const accesses = await institution.post('/api/v1/personal-data-accesses/searches', { body: { subject, legalBasis: 'data subject request' } });
      const byAuditor = accesses.json().items.filter((item: Record<string, unknown>) => item['@loggedBy'] === 'demo-auditor');
      expect(byAuditor).to.have.length(1);
      expect(byAuditor[0]).to.include({ event_type: 'Audit.PersonalData.Access', subject });
      expect(JSON.stringify(accesses.json())).not.to.contain(other);
    }
  });

  it('answers 404 for an unknown stream and 400 for a bad limit or cursor', async () => {
    expect((await auditor.get('/api/v1/audit/streams/nothing-here/events')).status).to.equal(404);
    expect((await auditor.get('/api/v1/audit/events', { query: { limit: 0 } })).status).to.equal(400);
    expect((await auditor.get('/api/v1/audit/events', { query: { cursor: 'abc' } })).status).to.equal(400);
  });

  it('answers 401 to an unidentified caller and 403 to a client without the audit right', async () => {
    expect((await platform.anonymous().get('/api/v1/audit/events')).status).to.equal(401);
    expect((await platform.stranger('unregistered').get('/api/v1/audit/events')).status).to.equal(401);
    const forbidden = await platform.client('demo-consumer').get('/api/v1/audit/events');
    expect(forbidden.status).to.equal(403);
    expect(forbidden.headers['content-type']).to.match(/application\/problem\+json/);
  });
});

describe('Audit trail of large events (e2e over mTLS)', () => {
  let platform: TestPlatform;

  before(async () => {
    platform = await TestPlatform.start();
    const producer = platform.client('demo-producer');
    for (let index = 0; index < 6; index += 1) {
      const event = demoEvent({ data: { orderId: index, pad: 'x'.repeat(900_000) } });
      expect((await producer.post('/ce/produce/event', { headers: STRUCTURED, body: JSON.stringify(event) })).status).to.equal(202);
    }
  });
  after(() => platform.stop());

  it('ends a page at the event that brings it to 4 MB, and the next page goes on from there', async () => {
    const auditor = platform.client('demo-auditor');
    const read = async (path: string) => {
      const revisions: number[] = [];
      const pages: number[] = [];
      for (let cursor = ''; ; ) {
        const response = await auditor.get(path, { query: { limit: 1000, ...(cursor ? { cursor } : {}) } });
        expect(response.status, response.text).to.equal(200);
        const { items, nextCursor } = response.json();
        const large = items.filter((item: { streamId: string }) => item.streamId === 'exchange-demo-producer');
        revisions.push(...large.map((item: { revision: number }) => item.revision));
        pages.push(large.length);
        if (!nextCursor) return { revisions, pages: pages.filter((count) => count > 0) };
        cursor = nextCursor;
      }
    };
    // four events are 3.6 MB, the fifth reaches 4 MB
    expect(await read('/api/v1/audit/streams/exchange-demo-producer/events')).to.deep.equal({ revisions: [0, 1, 2, 3, 4, 5], pages: [5, 1] });
    expect(await read('/api/v1/audit/events')).to.deep.equal({ revisions: [0, 1, 2, 3, 4, 5], pages: [5, 1] });
  });
});
