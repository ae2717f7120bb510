import { expect } from 'chai';
import { demoEvent, TestPlatform } from '../support/test-platform';

const THROTTLED = {
  id: 'throttled-producer',
  certificate: { commonName: 'throttled-producer' },
  exchange: { produce: { sources: ['urn:demo:producer'], types: ['demo.*'] }, consume: { types: ['demo.*'] } },
  rateLimit: { perSecond: 0.5, burst: 2 },
};
const WS_CONSUMER = { id: 'ws-consumer', certificate: { commonName: 'ws-consumer' }, exchange: { consume: { types: ['demo.*'] } } };

describe('Rate limits: 429 with Retry-After once a client is over its allowance (e2e over mTLS)', () => {
  let platform: TestPlatform;
  before(async () => {
    platform = await TestPlatform.start({ extraClients: [THROTTLED, WS_CONSUMER], env: { RATE_LIMIT_PER_SECOND: '1', RATE_LIMIT_BURST: '3' } });
  });
  after(() => platform.stop());

  const produceAs = (clientId: string) =>
    platform.client(clientId).post('/ce/produce/event', { body: JSON.stringify(demoEvent()), headers: { 'content-type': 'application/cloudevents+json' } });

  // the limits refill slowly (0.5 and 1 per second), and each test sends a few more requests than the
  // burst: only a machine taking seconds per request would see no 429
  it('answers 429 with a problem body and Retry-After to a client over the allowance its registry entry sets, and stores nothing of it', async () => {
    const responses = [];
    for (let request = 0; request < 5; request += 1) responses.push(await produceAs('throttled-producer'));
    const statuses = responses.map((response) => response.status);
    expect(statuses.slice(0, 2)).to.deep.equal([202, 202]);
    expect(statuses).to.include(429);
    const refused = responses[statuses.indexOf(429)];
    expect(refused.headers['retry-after']).to.equal('2');
    expect(refused.headers['content-type']).to.match(/^application\/problem\+json/);
    expect(refused.json()).to.include({ status: 429, title: 'Too Many Requests', instance: '/ce/produce/event' });
    expect(refused.json().detail).to.match(/throttled-producer may send 0.5 requests per second/);
    expect(refused.json()).to.have.property('traceId');
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const settings = await platform.client('throttled-producer').get('/ce/tools/my-settings');
    expect(settings.json().limits.rateLimit).to.deep.equal({ perSecond: 0.5, burst: 2 });
    const stream = await platform.platform.stores.events.readStream('exchange-throttled-producer');
    expect(stream).to.have.length(statuses.filter((status) => status === 202).length);
  });

  it('limits each client on its own, by the platform default when its entry sets none, on every endpoint', async () => {
    const consumer = platform.client('demo-consumer');
    const statuses = [];
    for (let request = 0; request < 8; request += 1) statuses.push((await consumer.get('/ce/tools/my-settings')).status);
    expect(statuses.slice(0, 3)).to.deep.equal([200, 200, 200]);
    expect(statuses).to.include(429);
    expect((await produceAs('demo-producer')).status).to.equal(202);
  });

  it("answers a booking client's 429 in its x-custom-lang, with Retry-After, as every other refusal under /api/v2", async () => {
    const institution = platform.client('demo-institution');
    let refused;
    for (let request = 0; request < 8 && !refused; request += 1) {
      const response = await institution.get('/api/v2/organizations/list', { headers: { 'x-custom-lang': 'ru' } });
      if (response.status === 429) refused = response;
    }
    expect(refused, 'a 429 within eight requests').to.not.equal(undefined);
    expect(refused!.headers['retry-after']).to.match(/^\d+$/);
    expect(refused!.json()).to.include({ status: 429, title: 'Слишком много запросов' });
  });

  it('refuses a WebSocket handshake over the allowance with 429', async () => {
    const wsConsumer = platform.client('ws-consumer');
    const outcomes: unknown[] = [];
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const outcome = await wsConsumer.websocket('/ce/consume/ws').then(
        (socket) => {
          socket.terminate();
          return 'open';
        },
        (error: { status?: number }) => error.status ?? String(error),
      );
      outcomes.push(outcome);
    }
    expect(outcomes.slice(0, 3)).to.deep.equal(['open', 'open', 'open']);
    expect(outcomes).to.include(429);
  });
});
