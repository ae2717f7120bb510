import { connect as tlsConnect } from 'node:tls';
import { expect } from 'chai';
import { MessageCollector, type HttpsClient } from '../support/https-client';
import { connectHttp2WebSocket, http2Request, type Http2WebSocket } from '../support/http2-websocket';
import { demoEvent, startWebSocketExchange, type TestPlatform } from '../support/test-platform';

describe('Exchange: consuming over WebSocket on HTTP/2 extended CONNECT (e2e over mTLS)', () => {
  let platform: TestPlatform;
  let producer: HttpsClient;
  let consumer: HttpsClient;
  const sockets: Http2WebSocket[] = [];

  let produce: (...events: object[]) => Promise<void>;
  const open = async (client: HttpsClient, path = '/ce/consume/ws', protocols?: string[], headerOverrides?: Record<string, string>) => {
    const result = await connectHttp2WebSocket(platform.baseUrl, client.credentials, path, protocols, headerOverrides);
    if (result.socket) sockets.push(result.socket);
    return result;
  };
  const negotiated = (protocols: string[]) =>
    new Promise<string | false>((resolve, reject) => {
      const socket = tlsConnect({ host: new URL(platform.baseUrl).hostname, port: Number(new URL(platform.baseUrl).port), ...consumer.credentials, servername: 'localhost', ALPNProtocols: protocols }, () => {
        resolve(socket.alpnProtocol ?? false);
        socket.end();
      });
      socket.once('error', reject);
    });

  beforeEach(async () => {
    ({ platform, producer, consumer, produce } = await startWebSocketExchange());
  });
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.terminate();
    await platform.stop();
  });

  it('negotiates HTTP/2 only with a client that offers nothing else', async () => {
    expect(await negotiated(['h2', 'http/1.1'])).to.equal('http/1.1');
    expect(await negotiated(['h2'])).to.equal('h2');
    expect(await negotiated(['http/1.1'])).to.equal('http/1.1');
    expect(await negotiated(['http/1.0'])).to.equal('http/1.0');
    expect(await negotiated(['http/1.0', 'h2'])).to.equal('h2');
  });

  it('pushes events with offsets and holds back until the client confirms, as over HTTP/1.1', async () => {
    const { status, protocol, socket } = await open(consumer);
    expect(status).to.equal(200);
    expect(protocol).to.equal('cloudevents.json');
    const received = new MessageCollector(socket!);
    const sent = Array.from({ length: 8 }, (_, index) => demoEvent({ partitionkey: `p-${index}` }));
    await produce(...sent);
    await received.waitFor(5);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received.messages).to.have.length(5);
    socket!.send('confirm:5');
    await received.waitFor(8);
    expect(received.messages.map((message) => message.id)).to.deep.equal(sent.map((event) => event.id));
    expect(received.messages.map((message) => message.offset)).to.deep.equal(['1', '2', '3', '4', '5', '6', '7', '8']);
  });

  it('gives unconfirmed events back to the group when the stream closes', async () => {
    const first = await open(consumer, '/ce/consume/ws?group=h2');
    const firstReceived = new MessageCollector(first.socket!);
    await produce(demoEvent(), demoEvent(), demoEvent());
    await firstReceived.waitFor(3);
    first.socket!.send('confirm:1');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = new Promise((resolve) => first.socket!.once('close', resolve));
    first.socket!.close();
    await closed;
    const second = await open(consumer, '/ce/consume/ws?group=h2');
    const redelivered = await new MessageCollector(second.socket!).waitFor(2);
    expect(redelivered.map((message) => message.id)).to.deep.equal(firstReceived.messages.slice(1).map((message) => message.id));
  });

  it('closes the WebSocket on any other message', async () => {
    const { socket } = await open(consumer);
    const closing = new Promise<number>((resolve) => socket!.once('close', resolve));
    socket!.send('hello');
    expect(await closing).to.equal(1008);
  });

  it('refuses a missing sub-protocol or certificate (400), a non-consumer (401) and another path (404) with problem details', async () => {
    const refusals = await Promise.all([
      open(consumer, '/ce/consume/ws', []),
      open(platform.anonymous()),
      open(producer),
      open(consumer, '/ce/consume/elsewhere'),
    ]);
    expect(refusals.map((refusal) => refusal.status)).to.deep.equal([400, 400, 401, 404]);
    for (const refusal of refusals) {
      expect(refusal.contentType).to.match(/^application\/problem\+json/);
      expect(JSON.parse(refusal.body)).to.include.keys('type', 'title', 'status', 'detail', 'instance', 'traceId');
    }
    expect(JSON.parse(refusals[3].body)).to.include({ instance: '/ce/consume/elsewhere' });
  });

  it('refuses a WebSocket version other than 13 and an extended CONNECT for another protocol with 400', async () => {
    const refusals = [await open(consumer, '/ce/consume/ws', undefined, { 'sec-websocket-version': '99' }), await open(consumer, '/ce/consume/ws', undefined, { ':protocol': 'foo' })];
    expect(refusals.map((refusal) => refusal.status)).to.deep.equal([400, 400]);
    expect(JSON.parse(refusals[0].body).detail).to.match(/sec-websocket-version/);
    expect(JSON.parse(refusals[1].body).detail).to.match(/websocket protocol only/);
  });

  it('refuses a :path that is not a URL (400) and goes on serving', async () => {
    const refusal = await open(consumer, '//[');
    expect(refusal.status).to.equal(400);
    expect(JSON.parse(refusal.body)).to.include({ status: 400 });
    expect((await open(consumer)).status).to.equal(200);
  });

  it('answers any other HTTP/2 request with 505: the rest of the API is served over HTTP/1.1', async () => {
    const response = await http2Request(platform.baseUrl, consumer.credentials, '/ce/tools/my-settings');
    expect(response.status).to.equal(505);
    expect(response.contentType).to.match(/^application\/problem\+json/);
    expect(JSON.parse(response.body)).to.include({ status: 505, instance: '/ce/tools/my-settings' });
  });
});
