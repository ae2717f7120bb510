import { expect } from 'chai';
import type { HttpsClient } from '../support/https-client';
import { BATCH, TestPlatform, demoEvent } from '../support/test-platform';

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
