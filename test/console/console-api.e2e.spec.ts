import { expect } from 'chai';
import { TestPlatform } from '../support/test-platform';
import { produce } from './console-test-kit';
import type { HttpsClient } from '../support/https-client';

const JSON_BODY = { 'content-type': 'application/json' };
const SUBJECT = '2000000000022';

/** The console's API over real HTTPS with client certificates: rights, bad input, the live tail, rebuilds, exports. */
describe('Console API (e2e over mTLS)', function () {
  this.timeout(60_000);
  let platform: TestPlatform;
  let auditor: HttpsClient;
  let producer: HttpsClient;

  before(async () => {
    platform = await TestPlatform.start({ extraClients: [{ id: 'log-reader', certificate: {}, rights: { audit: ['read'] } }] });
    auditor = platform.client('demo-auditor');
    producer = platform.client('demo-producer');
  });
  after(() => platform.stop());

  it('answers each page\'s endpoints 401 without a certificate and 403 without the right, naming the right', async () => {
    expect((await platform.anonymous().get('/api/v1/console/session')).status).to.equal(401);
    const reader = platform.client('log-reader');
    expect((await reader.post('/api/v1/console/log-event-searches', { headers: JSON_BODY, body: {} })).status).to.equal(200);
    const refused = await reader.get('/api/v1/projections');
    expect(refused.status).to.equal(403);
    expect(refused.json().detail).to.include('operations: projections');
    const export403 = await reader.post('/api/v1/console/personal-data-exports', { headers: JSON_BODY, body: { subject: SUBJECT, legalBasis: 'x', format: 'csv' } });
    expect(export403.status).to.equal(403);
    const session = (await reader.get('/api/v1/console/session')).json();
    expect(session.pages.filter((page: { allowed: boolean }) => page.allowed).map((page: { page: string }) => page.page)).to.deep.equal(['log', 'aggregates', 'eventlog']);
  });

  it('refuses bad input with a 4xx problem naming the field, never a 500', async () => {
    const cases: [string, string, object | string | undefined][] = [
      ['POST', '/api/v1/console/log-event-searches', { filter: { from: 'yesterday' } }],
      ['POST', '/api/v1/console/log-event-searches', { filter: { from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' } }],
      ['POST', '/api/v1/console/log-event-searches', { cursor: 'abc' }],
      ['POST', '/api/v1/console/log-event-searches', '{not json'],
      ['POST', '/api/v1/console/log-event-searches', { limit: 100_000 }],
      ['POST', '/api/v1/console/log-tails', { after: '-1' }],
      ['GET', '/api/v1/console/log-events/0', undefined],
      ['GET', '/api/v1/console/log-events/abc', undefined],
      ['GET', '/api/v1/console/log-events/999999', undefined],
      ['GET', '/api/v1/console/streams/nothing-here/history', undefined],
      ['GET', '/api/v1/console/streams/platform-client-registry/history?limit=0', undefined],
      ['GET', '/api/v1/console/streams/platform-client-registry/history?cursor=x', undefined],
      ['GET', '/api/v1/console/dead-events?cursor=-5', undefined],
      ['POST', '/api/v1/console/log-entry-searches', { legalBasis: 'audit' }],
      ['POST', '/api/v1/console/log-entry-searches', { legalBasis: 'audit', eventTimeFrom: 'soon', eventTimeTo: 'later' }],
      ['POST', '/api/v1/console/log-entry-searches', { legalBasis: 'audit', eventTimeFrom: '2026-01-01', eventTimeTo: '2027-01-01', filter: '=x' }],
      ['POST', '/api/v1/console/personal-data-exports', { subject: SUBJECT, legalBasis: 'x', format: 'xls' }],
      ['POST', '/api/v1/console/personal-data-exports', { subject: SUBJECT, legalBasis: 'x', format: 'csv', eventTimeFrom: '2026-13-01' }],
      ['POST', '/api/v1/projections/no-such-projection/rebuilds', undefined],
      ['GET', '/api/v1/projections/eventlog-entries/rebuilds/unknown', undefined],
      ['GET', '/api/v1/console/nothing', undefined],
    ];
    for (const [method, path, body] of cases) {
      const response = await auditor.request(method, path, body === undefined ? {} : { headers: JSON_BODY, body: typeof body === 'string' ? body : JSON.stringify(body) });
      expect(response.status, `${method} ${path} ${JSON.stringify(body)}`).to.be.within(400, 499);
      expect(response.headers['content-type'], path).to.match(/^application\/problem\+json/);
    }
  });

  it('tails the log: a new event matching the filter comes as a server-sent event, others do not', async () => {
    const controller = new AbortController();
    const received: string[] = [];
    await openTail(platform, { filter: { type: 'demo.order.*', subject: 'tail-*' } }, controller.signal, (message) => {
      for (const item of message.items) received.push(item.subject);
    });
    await produce(producer, { type: 'demo.order.created', subject: 'other-1' });
    const sentAt = Date.now();
    await produce(producer, { type: 'demo.order.created', subject: 'tail-1' });
    while (!received.includes('tail-1') && Date.now() - sentAt < 5000) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(received).to.deep.equal(['tail-1']);
    controller.abort();
  });

  it('shows a stream with the state after each event, and logs the read of the persons it names', async () => {
    const registered = await platform.client('demo-institution').post('/register', {
      headers: JSON_BODY,
      body: JSON.stringify({ event_time: '2026-05-01T10:00:00Z', event_type: 'MCabinet.PersonalData.Access', legal_basis: 'Law 133/2011', subject: SUBJECT }),
    });
    const uid = registered.json().UID;
    const history = await auditor.get(`/api/v1/console/streams/eventlog-registration-${uid}/history`, { query: { legalBasis: 'console test' } });
    expect(history.status).to.equal(200);
    const [entry] = history.json().items;
    expect(history.json().aggregate).to.deep.equal({ service: 'eventlog', name: 'registration' });
    expect(entry.stateAfter).to.deep.equal({ registered: true });
    expect(entry.certificate).to.deep.equal({ commonName: 'demo-institution' });

    const accesses = await platform.client('demo-institution').post('/api/v1/personal-data-accesses/searches', { headers: JSON_BODY, body: { subject: SUBJECT, legalBasis: 'check' } });
    const byAuditor = accesses.json().items.filter((item: Record<string, unknown>) => item['@loggedBy'] === 'demo-auditor');
    expect(byAuditor.map((item: Record<string, unknown>) => item.legal_basis)).to.include('console test');
  });

  it('exports a subject\'s accesses as CSV and logs the export about the subject', async () => {
    const csv = await auditor.post('/api/v1/console/personal-data-exports', { headers: JSON_BODY, body: { subject: SUBJECT, legalBasis: 'data subject request', format: 'csv' } });
    expect(csv.status).to.equal(200);
    expect(csv.headers['content-type']).to.match(/^text\/csv/);
    expect(csv.headers['content-disposition']).to.match(/^attachment; filename="personal-data-accesses-\d{4}-\d\d-\d\d\.csv"$/);
    expect(csv.text.split('\r\n')[0]).to.equal('"When","Access","Logged by","Legal entity","Legal basis","Legal reason","User","User address","Object","Object type","UID"');
    const again = await auditor.post('/api/v1/console/personal-data-exports', { headers: JSON_BODY, body: { subject: SUBJECT, legalBasis: 'data subject request', format: 'csv' } });
    expect(again.text).to.include('Console.PersonalData.Export');
  });

  it('answers the reads the pages make (checked against the API description at stop), and redirects /console to its pages', async () => {
    const redirect = await auditor.get('/console');
    expect(redirect.status).to.equal(301);
    expect(redirect.headers.location).to.equal('/console/');
    const consumer = platform.client('demo-consumer');
    await produce(producer, { type: 'demo.order.created', subject: 'order-api-1' });
    const created = await consumer.post('/ce/consumers');
    expect(created.status).to.equal(201);
    await consumer.get(`${created.headers.location}/events`);

    const aggregates = await auditor.get('/api/v1/console/aggregates');
    expect(aggregates.status).to.equal(200);
    expect(aggregates.json().items).to.not.be.empty;
    const groups = await auditor.get('/api/v1/console/consumer-groups');
    expect(groups.json().groups.map((group: { client: string }) => group.client)).to.include('demo-consumer');
    const lags = await auditor.get('/api/v1/console/consumer-group-lags');
    expect(lags.json().items).to.not.be.empty;
    expect((await auditor.get('/api/v1/console/dead-events')).status).to.equal(200);
    const [newest] = (await auditor.post('/api/v1/console/log-event-searches', { headers: JSON_BODY, body: { limit: 1 } })).json().items;
    expect((await auditor.get(`/api/v1/console/log-events/${newest.position}`)).json().event.id).to.equal(newest.id);
    const pdf = await auditor.post('/api/v1/console/personal-data-exports', { headers: JSON_BODY, body: { subject: SUBJECT, legalBasis: 'data subject request', format: 'pdf' } });
    expect(pdf.status).to.equal(200);
    expect(pdf.headers['content-type']).to.match(/^application\/pdf/);
  });

  it('rebuilds a projection on the running platform, one rebuild at a time, with its progress', async () => {
    const started = await auditor.post('/api/v1/projections/eventlog-personal-data/rebuilds');
    expect(started.status).to.equal(202);
    const location = String(started.headers.location);
    expect(location).to.match(/^\/api\/v1\/projections\/eventlog-personal-data\/rebuilds\/[0-9a-f-]{36}$/);
    const second = await auditor.post('/api/v1/projections/eventlog-personal-data/rebuilds');
    expect([202, 409]).to.include(second.status);
    let progress = started.json();
    for (let tries = 0; progress.state === 'running' && tries < 100; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      progress = (await auditor.get(location)).json();
    }
    expect(progress).to.include({ state: 'done', progress: 1, startedBy: 'demo-auditor' });
    const accesses = await platform.client('demo-institution').post('/api/v1/personal-data-accesses/searches', { headers: JSON_BODY, body: { subject: SUBJECT, legalBasis: 'check' } });
    expect(accesses.json().totalCount).to.be.above(0);
    const listed = (await auditor.get('/api/v1/projections')).json();
    expect(listed.items.find((item: { name: string }) => item.name === 'eventlog-personal-data').position).to.equal(listed.logHead);
  });
});

/** Opens a tail and reads its server-sent events until aborted; resolves once the response's headers came. */
async function openTail(platform: TestPlatform, body: object, signal: AbortSignal, onMessage: (message: { items: { subject: string }[]; upTo: string }) => void): Promise<void> {
  const { request } = await import('node:https');
  const { readFileSync } = await import('node:fs');
  await new Promise<void>((resolve, reject) => {
    const outgoing = request(`${platform.baseUrl}/api/v1/console/log-tails`, {
      method: 'POST',
      headers: JSON_BODY,
      ca: readFileSync(platform.pki.caCert),
      cert: readFileSync(platform.pki.clientCert('demo-auditor')),
      key: readFileSync(platform.pki.clientKey('demo-auditor')),
      signal,
    }, (response) => {
      expect(response.statusCode).to.equal(200);
      expect(response.headers['content-type']).to.match(/^text\/event-stream/);
      let buffered = '';
      response.setEncoding('utf8').on('data', (chunk: string) => {
        buffered += chunk;
        for (let end = buffered.indexOf('\n\n'); end >= 0; end = buffered.indexOf('\n\n')) {
          const data = buffered.slice(0, end).split('\n').find((line) => line.startsWith('data: '));
          buffered = buffered.slice(end + 2);
          if (data) onMessage(JSON.parse(data.slice(6)));
        }
      });
      response.on('error', () => undefined);
      resolve();
    });
    outgoing.on('error', (error) => (signal.aborted ? resolve() : reject(error)));
    outgoing.end(JSON.stringify(body));
  });
}
