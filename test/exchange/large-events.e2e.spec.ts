import { expect } from 'chai';
import type WebSocket from 'ws';
import { MessageCollector, type HttpsClient } from '../support/https-client';
import { STRUCTURED, TestPlatform, demoEvent } from '../support/test-platform';

/** About 900 KB of JSON: near the default request limit (1 MB), so each goes in a request of its own. */
const largeEvent = () => demoEvent({ data: { orderId: 1, pad: 'x'.repeat(900_000) } });

describe('Exchange: large events reach consumers a few megabytes at a time (e2e over mTLS)', () => {
  let platform: TestPlatform;
  let producer: HttpsClient;
  let consumer: HttpsClient;
  const sockets: WebSocket[] = [];

  const produceLarge = async (count: number): Promise<string[]> => {
    const ids: string[] = [];
    for (let index = 0; index < count; index += 1) {
      const event = largeEvent();
      const response = await producer.post('/ce/produce/event', { headers: STRUCTURED, body: JSON.stringify(event) });
      expect(response.status, response.text).to.equal(202);
      ids.push(event.id);
    }
    return ids;
  };

  beforeEach(async () => {
    platform = await TestPlatform.start({ exchange: { pollTimeoutMs: 300, batchLingerMs: 10, batchSize: 100, wsMaxUnconfirmed: 1000 } });
    producer = platform.client('demo-producer');
    consumer = platform.client('demo-consumer');
  });
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.terminate();
    await platform.stop();
  });

  it('answers a long-polling read with events up to the one that reaches 4 MB, and the rest on the next reads', async () => {
    const created = await consumer.post('/ce/consumers');
    expect(created.status).to.equal(201);
    const instance = new URL(created.headers.location as string).pathname;
    const ids = await produceLarge(12);

    const batches: string[][] = [];
    for (let confirm = false; ; confirm = true) {
      const response = await consumer.get(`${instance}/events`, { query: confirm ? { confirm: true } : {} });
      if (response.status === 204) break;
      expect(response.status).to.equal(200);
      const events = response.json() as { id: string; data: { pad: string } }[];
      for (const event of events) expect(event.data.pad).to.have.length(900_000);
      batches.push(events.map((event) => event.id));
    }
    // four events are 3.6 MB, the fifth reaches 4 MB
    expect(batches.map((batch) => batch.length)).to.deep.equal([5, 5, 2]);
    expect(batches.flat()).to.deep.equal(ids);
  });

  it('holds back a WebSocket once its unconfirmed events reach 16 MB, until the client confirms', async () => {
    const socket = await consumer.websocket('/ce/consume/ws');
    sockets.push(socket);
    const messages = new MessageCollector(socket);
    const ids = await produceLarge(20);

    // seventeen events are 15.3 MB, the eighteenth reaches 16 MB
    await messages.waitFor(18, 20_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(messages.messages).to.have.length(18);
    socket.send('confirm:18');
    const received = await messages.waitFor(20, 20_000);
    expect(received.map((message) => message.id)).to.deep.equal(ids);
  });
});
