import { expect } from 'chai';
import type WebSocket from 'ws';
import type { HttpsClient } from '../support/https-client';
import { TestPlatform } from '../support/test-platform';

/**
 * How many consumer instances one client may hold on a bridge (found by a probe: each WebSocket whose
 * client stopped reading, each in a group of its own, held some 17 MB of events near 1 MB, and a client
 * could open them without end).
 */
describe('Exchange: what one consumer may hold on a bridge (e2e over mTLS)', () => {
  let platform: TestPlatform;
  let consumer: HttpsClient;
  const sockets: WebSocket[] = [];

  beforeEach(async () => {
    platform = await TestPlatform.start({ exchange: { pollTimeoutMs: 200, maxInstancesPerClient: 2 } });
    consumer = platform.client('demo-consumer');
  });
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.terminate();
    await platform.stop();
  });

  const createInstance = () => consumer.post('/ce/consumers');
  const refusalOf = (promise: Promise<unknown>) => promise.then(() => ({ status: 0, body: '' }), (error) => error as { status: number; body: string });

  it('refuses a client more consumer instances than EXCHANGE_MAX_INSTANCES_PER_CLIENT with 429 and Retry-After, on both transports', async () => {
    const first = await createInstance();
    expect(first.status).to.equal(201);
    sockets.push(await consumer.websocket('/ce/consume/ws'));

    const refused = await createInstance();
    expect(refused.status).to.equal(429);
    expect(refused.headers['retry-after']).to.match(/^\d+$/);
    expect(refused.json().detail).to.contain('(EXCHANGE_MAX_INSTANCES_PER_CLIENT 2)');
    const upgrade = await refusalOf(consumer.websocket('/ce/consume/ws'));
    expect(upgrade.status).to.equal(429);
    // another client's instances are its own
    expect((await platform.client('demo-institution').post('/ce/consumers')).status).to.equal(201);

    expect((await consumer.delete(new URL(first.headers.location as string).pathname)).status).to.equal(204);
    expect((await createInstance()).status).to.equal(201);
  });
});
