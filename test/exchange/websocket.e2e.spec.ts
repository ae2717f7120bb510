import { connect as tlsConnect } from 'node:tls';
import { expect } from 'chai';
import type WebSocket from 'ws';
import { MessageCollector, type HttpsClient } from '../support/https-client';
import { BATCH, TestPlatform, demoEvent, startWebSocketExchange } from '../support/test-platform';

const closed = (socket: WebSocket) =>
  new Promise<{ code: number; reason: string }>((resolve) => socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));

describe('Exchange: consuming over WebSocket (e2e over mTLS)', () => {
  let platform: TestPlatform;
  let producer: HttpsClient;
  let consumer: HttpsClient;
  const sockets: WebSocket[] = [];

  let produce: (...events: object[]) => Promise<void>;
  const connect = async (query = '') => {
    const socket = await consumer.websocket(`/ce/consume/ws${query}`);
    sockets.push(socket);
    return socket;
  };

  /** An upgrade request written by hand, for request targets no WebSocket client would send; resolves with the reply. */
  const rawUpgrade = (target: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = tlsConnect({ host: 'localhost', port: platform.platform.port, ...consumer.credentials, ALPNProtocols: ['http/1.1'] }, () => {
        socket.write(
          `GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n` +
            'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Protocol: cloudevents.json\r\n\r\n',
        );
      });
      let reply = '';
      socket.on('data', (chunk) => (reply += chunk.toString()));
      socket.on('end', () => resolve(reply));
      socket.on('error', reject);
    });

  beforeEach(async () => {
    ({ platform, producer, consumer, produce } = await startWebSocketExchange());
  });
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.terminate();
    await platform.stop();
  });

  it('pushes each event as one JSON message with an offset, using the cloudevents.json sub-protocol', async () => {
    const socket = await connect();
    expect(socket.protocol).to.equal('cloudevents.json');
    const messages = new MessageCollector(socket);
    const sent = [demoEvent({ partitionkey: 'p' }), demoEvent()];
    await produce(...sent);
    const received = await messages.waitFor(2);
    expect(received.map((m) => m.id)).to.deep.equal(sent.map((e) => e.id));
    expect(received.map((m) => m.offset)).to.deep.equal(['1', '2']);
    expect(received[0]).to.include({ specversion: '1.0', source: 'urn:demo:producer', type: 'demo.order.created', partitionkey: 'p' });
    expect(received[0]).to.include.keys('time', 'data');
  });

  it('holds back after wsMaxUnconfirmed events until the client confirms', async () => {
    const socket = await connect();
    const messages = new MessageCollector(socket);
    await produce(...Array.from({ length: 8 }, () => demoEvent()));
    await messages.waitFor(5);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(messages.messages).to.have.length(5);
    // the developer's view: five held by the connection, eight waiting for the group in all
    const status = (await consumer.get('/ce/tools/my-groups')).json();
    expect(status.instancesHere).to.have.length(1);
    expect(status.instancesHere[0]).to.include({ group: '~default', transport: 'websocket', unconfirmed: 5 });
    expect(status.instancesHere[0]).to.not.have.property('expiresAt');
    expect(status.groups.find((group: { kind: string }) => group.kind === 'standard').waiting).to.deep.equal({ events: 8, exact: true });
    socket.send('confirm:5');
    expect(await messages.waitFor(8)).to.have.length(8);
  });

  it('returns unconfirmed events to the group when the connection closes', async () => {
    const first = await connect('?group=g');
    const firstMessages = new MessageCollector(first);
    await produce(demoEvent(), demoEvent(), demoEvent());
    await firstMessages.waitFor(3);
    first.send('confirm:1');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closing = closed(first);
    first.close();
    await closing;
    const second = await connect('?group=g');
    const redelivered = await new MessageCollector(second).waitFor(2);
    expect(redelivered.map((m) => m.id)).to.deep.equal(firstMessages.messages.slice(1).map((m) => m.id));
  });

  it('cuts a consumer that answers no ping: its unconfirmed events, partition key and all, go to the other instances of its group', async () => {
    await platform.stop();
    platform = await TestPlatform.start({ exchange: { pollTimeoutMs: 200, wsPingIntervalMs: 200 } });
    consumer = platform.client('demo-consumer');
    const producer = platform.client('demo-producer');
    const produceKeyed = async (count: number) => {
      const events = Array.from({ length: count }, () => demoEvent({ partitionkey: 'order-7' }));
      expect((await producer.post('/ce/produce/events', { headers: BATCH, body: JSON.stringify(events) })).status).to.equal(202);
      return events.map((event) => event.id);
    };
    const stuck = await connect('?group=shared');
    (stuck as unknown as { _socket: { pause(): void } })._socket.pause(); // hung: it reads nothing, answers no ping
    const first = await produceKeyed(3);
    await new Promise((resolve) => setTimeout(resolve, 100)); // the stuck instance holds them, and the key
    const healthy = new MessageCollector(await connect('?group=shared'));
    const later = await produceKeyed(2);
    const received = await healthy.waitFor(5, 5_000);
    expect(received.map((message) => message.id)).to.deep.equal([...first, ...later]);
    expect(platform.platform.consumers.instancesOf('demo-consumer')).to.have.length(1);
  });

  it('stores a dead: report for dead=true consumers of the same client', async () => {
    const socket = await connect();
    const messages = new MessageCollector(socket);
    await produce(demoEvent());
    const [event] = await messages.waitFor(1);
    const { offset, ...original } = event;
    socket.send(`dead:${JSON.stringify({ ...original, reason: 'cannot process' })}`);
    const dead = await connect('?events=false&test=false&dead=true');
    const [report] = await new MessageCollector(dead).waitFor(1);
    expect(report).to.include({ id: event.id, reason: 'cannot process' });
  });

  it('takes a dead: report of an event as it was delivered, offset and all, again after a redelivery', async () => {
    const first = await connect();
    const firstMessages = new MessageCollector(first);
    await produce(demoEvent(), demoEvent());
    const [, event] = await firstMessages.waitFor(2);
    first.send('confirm:1');
    first.send(`dead:${JSON.stringify(event)}`);
    // a close, unlike terminate(), reaches the server after the messages sent before it
    const firstClosed = closed(first);
    first.close();
    await firstClosed;

    const second = await connect();
    const [redelivered] = await new MessageCollector(second).waitFor(1);
    expect(redelivered.id).to.equal(event.id);
    expect(redelivered.offset).to.not.equal(event.offset);
    second.send(`dead:${JSON.stringify(redelivered)}`); // the same report under another offset: stored once
    // another report of the same event, with the consumer's notes instead of the payload its schema requires
    second.send(`dead:${JSON.stringify({ ...redelivered, data: { note: 'second try' } })}`);

    const dead = new MessageCollector(await connect('?events=false&test=false&dead=true'));
    const reports = await dead.waitFor(2);
    expect(reports.map((report) => [report.id, report.data])).to.deep.equal([
      [event.id, event.data],
      [event.id, { note: 'second try' }],
    ]);
    expect(second.readyState).to.equal(second.OPEN);
  });

  it('takes a dead: report of an event delivered with text or binary data', async () => {
    const socket = await connect();
    const messages = new MessageCollector(socket);
    const attributes = { 'ce-specversion': '1.0', 'ce-source': 'urn:demo:producer', 'ce-type': 'demo.note' };
    for (const [id, contentType, body] of [['text-1', 'text/plain', 'plain words'], ['bytes-1', 'application/octet-stream', '\x00\x01binary']]) {
      const response = await producer.post('/ce/produce/raw', { headers: { ...attributes, 'ce-id': id, 'content-type': contentType }, body });
      expect(response.status, response.text).to.equal(202);
    }
    const delivered = await messages.waitFor(2);
    expect(delivered[0]).to.include({ datacontenttype: 'text/plain', data: 'plain words' });
    expect(delivered[1]).to.have.property('data_base64');
    for (const event of delivered) socket.send(`dead:${JSON.stringify(event)}`);

    const reports = await new MessageCollector(await connect('?events=false&test=false&dead=true')).waitFor(2);
    expect(reports.map(({ offset, ...report }) => report)).to.deep.equal(delivered.map(({ offset, ...event }) => event));
    expect(socket.readyState).to.equal(socket.OPEN);
  });

  it('closes the connection on any other message', async () => {
    const socket = await connect();
    const closing = closed(socket);
    socket.send('hello');
    expect((await closing).code).to.equal(1008);
  });

  it('closes the connection on a binary message with 1003, even one that reads confirm:', async () => {
    const socket = await connect();
    const closing = closed(socket);
    socket.send(Buffer.from('confirm:1'), { binary: true });
    const { code, reason } = await closing;
    expect(code).to.equal(1003);
    expect(String(reason)).to.match(/binary messages are not read/);
  });

  it('closes the connection on a dead: report that is not a valid event', async () => {
    const socket = await connect();
    const closing = closed(socket);
    socket.send('dead:{"not":"an event"}');
    expect((await closing).code).to.equal(1007);
  });

  it('closes the connection on a dead: report holding a number it would store altered', async () => {
    const socket = await connect();
    const closing = closed(socket);
    const report = JSON.stringify(demoEvent({ data: 0 })).replace('"data":0', '"data":{"account":12345678901234567890}');
    socket.send(`dead:${report}`);
    const { code, reason } = await closing;
    expect(code).to.equal(1007);
    expect(String(reason)).to.match(/12345678901234567890/);
  });

  it('refuses the upgrade without the sub-protocol (400), without a certificate (400) and to a non-consumer (401)', async () => {
    const refusal = (promise: Promise<unknown>) => promise.then(() => 0, (error) => error.status as number);
    expect(await refusal(consumer.websocket('/ce/consume/ws', ['other']))).to.equal(400);
    expect(await refusal(platform.anonymous().websocket('/ce/consume/ws'))).to.equal(400);
    expect(await refusal(producer.websocket('/ce/consume/ws'))).to.equal(401);
    expect(await refusal(platform.stranger('unregistered').websocket('/ce/consume/ws'))).to.equal(401);
    expect(await refusal(consumer.websocket('/ce/consume/elsewhere'))).to.equal(404);
  });

  it('refuses an upgrade whose request target is not a URL (400), and goes on serving', async () => {
    // Node's HTTP parser passes these targets on; new URL() throws on them
    for (const target of ['//[', 'https://localhost:99999/ce/consume/ws']) {
      const reply = await rawUpgrade(target);
      expect(reply.split('\r\n')[0], target).to.equal('HTTP/1.1 400 Bad Request');
      expect(reply).to.match(/content-type: application\/problem\+json/i);
    }
    expect((await consumer.get('/ce/tools/my-settings')).status).to.equal(200);
  });

  it('explains a refused upgrade in problem details, with the path and a trace id', async () => {
    const refused = await producer.websocket('/ce/consume/ws?group=g1').then(
      () => expect.fail('the upgrade should be refused'),
      (error) => error as { status: number; contentType: string; body: string },
    );
    expect(refused.contentType).to.match(/^application\/problem\+json/);
    const problem = JSON.parse(refused.body);
    expect(problem).to.include({ status: 401, title: 'Unauthorized', instance: '/ce/consume/ws' });
    expect(problem.type).to.be.a('string');
    expect(problem.detail).to.contain('not registered as a consumer');
    expect(problem.traceId).to.match(/^[0-9a-f-]{36}$/);
  });
});
