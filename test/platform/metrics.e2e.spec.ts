import { expect } from 'chai';
import type { HttpsClient } from '../support/https-client';
import { BATCH, STRUCTURED, TestPlatform, demoEvent } from '../support/test-platform';

/** The samples of a scrape: `name{labels}` (labels as the exposition writes them) to value. */
function samplesOf(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const cut = line.lastIndexOf(' ');
    samples.set(line.slice(0, cut), Number(line.slice(cut + 1)));
  }
  return samples;
}

describe('GET /api/v1/metrics (e2e over mTLS)', () => {
  let platform: TestPlatform;
  let operator: HttpsClient;

  before(async () => {
    platform = await TestPlatform.start({ exchange: { pollTimeoutMs: 200, batchLingerMs: 0 } });
    operator = platform.client('demo-operator');
  });
  after(() => platform.stop());

  const scrape = async () => {
    const response = await operator.get('/api/v1/metrics');
    expect(response.status, response.text).to.equal(200);
    return samplesOf(response.text);
  };

  it('answers a client with the right operations: metrics in the Prometheus text format, not to be cached', async () => {
    const response = await operator.get('/api/v1/metrics');
    expect(response.status).to.equal(200);
    expect(response.headers['content-type']).to.equal('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers['cache-control']).to.equal('no-store');
    expect(response.text).to.contain('# TYPE egov_log_head_position gauge\n');
    expect(response.text).to.contain('# TYPE egov_exchange_produce_requests_total counter\n');
    const samples = samplesOf(response.text);
    expect(samples.get('process_cpu_seconds_total')).to.be.greaterThan(0);
    expect(samples.get('process_resident_memory_bytes')).to.be.greaterThan(0);
  });

  it('refuses a caller without a certificate (401) and a client without the right (403), with problem details', async () => {
    const anonymous = await platform.anonymous().get('/api/v1/metrics');
    expect(anonymous.status).to.equal(401);
    expect(anonymous.headers['content-type']).to.match(/^application\/problem\+json/);
    const consumer = await platform.client('demo-consumer').get('/api/v1/metrics');
    expect(consumer.status).to.equal(403);
    expect(consumer.json().detail).to.equal('client demo-consumer may not metrics in operations');
  });

  it('counts produce requests by endpoint, mode and status, and follows the log head', async () => {
    const before = await scrape();
    const producer = platform.client('demo-producer');
    const accepted = '{endpoint="produce",mode="event",status="202"}';
    const refused = '{endpoint="produce",mode="event",status="400"}';
    const batch = '{endpoint="produce",mode="events",status="202"}';
    expect((await producer.post('/ce/produce/event', { headers: STRUCTURED, body: JSON.stringify(demoEvent()) })).status).to.equal(202);
    expect((await producer.post('/ce/produce/event', { headers: STRUCTURED, body: JSON.stringify(demoEvent()) })).status).to.equal(202);
    expect((await producer.post('/ce/produce/event', { headers: STRUCTURED, body: '{"not":"an event"}' })).status).to.equal(400);
    expect((await producer.post('/ce/produce/events', { headers: BATCH, body: JSON.stringify([demoEvent(), demoEvent(), demoEvent()]) })).status).to.equal(202);
    const after = await scrape();
    const count = (samples: Map<string, number>, labels: string) => samples.get(`egov_exchange_produce_requests_total${labels}`) ?? 0;
    expect(count(after, accepted) - count(before, accepted)).to.equal(2);
    expect(count(after, refused) - count(before, refused)).to.equal(1);
    expect(count(after, batch) - count(before, batch)).to.equal(1);
    // the two accepted single events took their time: each counted once in the histogram, within +Inf
    const timed = (samples: Map<string, number>, line: string) => samples.get(`egov_exchange_produce_accepted_seconds${line}`) ?? 0;
    expect(timed(after, '_count{endpoint="produce",mode="event"}') - timed(before, '_count{endpoint="produce",mode="event"}')).to.equal(2);
    expect(timed(after, '_bucket{endpoint="produce",mode="event",le="+Inf"}')).to.equal(timed(after, '_count{endpoint="produce",mode="event"}'));
    expect(timed(after, '_sum{endpoint="produce",mode="event"}')).to.be.greaterThan(timed(before, '_sum{endpoint="produce",mode="event"}'));
    expect(after.get('egov_log_head_position')! - before.get('egov_log_head_position')!).to.be.at.least(5);
  });

  it('tells consumer instances by transport, and how far each consumer group has confirmed', async () => {
    const consumer = platform.client('demo-consumer');
    const created = await consumer.post('/ce/consumers', { query: { group: 'metrics-group', test: false } });
    expect(created.status).to.equal(201);
    const instance = new URL(created.headers.location as string).pathname;
    await platform.client('demo-producer').post('/ce/produce/event', { headers: STRUCTURED, body: JSON.stringify(demoEvent()) });
    let offset = '';
    for (let response = await consumer.get(`${instance}/events`); response.status === 200; response = await consumer.get(`${instance}/events`)) {
      offset = response.json().at(-1).offset;
    }
    expect((await consumer.post(`${instance}/confirm`, { query: { offset } })).status).to.equal(204);
    const samples = await scrape();
    expect(samples.get('egov_exchange_consumer_instances{transport="http"}')).to.equal(1);
    expect(samples.get('egov_exchange_consumer_instances{transport="websocket"}')).to.equal(0);
    // everything it gets is confirmed: the group stands at the head (no other client appends meanwhile)
    expect(samples.get('egov_exchange_group_confirmed_position{client="demo-consumer",group="metrics-group",kind="standard"}')).to.equal(samples.get('egov_log_head_position'));
    // listed from the first instance on (docs/operations.md): not the dead kind no dead=true instance opened, nor a client that never connected
    expect(samples.has('egov_exchange_group_confirmed_position{client="demo-consumer",group="metrics-group",kind="dead"}')).to.equal(false);
    expect([...samples.keys()].filter((key) => key.startsWith('egov_exchange_group_confirmed_position{client="demo-auditor"'))).to.deep.equal([]);
    const projections = [...samples.keys()].filter((key) => key.startsWith('egov_projection_applied_position{'));
    expect(projections).to.not.be.empty;
    await consumer.delete(instance);
  });
});
