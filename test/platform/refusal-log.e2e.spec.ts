import { expect } from 'chai';
import { once } from 'node:events';
import { connect } from 'node:tls';
import { pino } from 'pino';
import type { HttpsClient } from '../support/https-client';
import { demoEvent, STRUCTURED, TestPlatform } from '../support/test-platform';

type LogLine = Record<string, unknown> & { level: number; msg: string };
const LEVELS: Record<number, string> = { 20: 'debug', 30: 'info', 40: 'warn', 50: 'error' };

describe('Refusals are logged with the trace id the caller gets (e2e over mTLS)', () => {
  let platform: TestPlatform;
  const lines: LogLine[] = [];

  before(async () => {
    const logger = pino({ level: 'debug' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    platform = await TestPlatform.start({ logger, env: { RATE_LIMIT_PER_SECOND: '1', RATE_LIMIT_BURST: '3' } });
  });
  after(() => platform.stop());

  /** The one refusal line carrying this trace id, with its level's name. */
  function refusalLine(traceId: string): LogLine & { levelName: string } {
    const found = lines.filter((line) => line.traceId === traceId);
    expect(found, `log lines with trace id ${traceId}`).to.have.length(1);
    return { ...found[0], levelName: LEVELS[found[0].level] };
  }

  it('logs a 401 on the produce path as a warning naming the unregistered certificate, without the detail', async () => {
    const response = await platform.stranger('unregistered').post('/ce/produce/event', { headers: STRUCTURED, body: JSON.stringify(demoEvent()) });
    expect(response.status).to.equal(401);
    const line = refusalLine(response.json().traceId);
    expect(line).to.include({ levelName: 'warn', msg: 'request refused', status: 401, method: 'POST', path: '/ce/produce/event' });
    expect(line.caller).to.equal('unregistered certificate (nobody-registered)');
    expect(line.address).to.be.a('string');
    expect(JSON.stringify(line)).to.not.include(response.json().detail);
  });

  it('logs a 400 with field errors at info, naming the fields but not what was sent', async () => {
    const response = await platform.client('demo-institution').post('/api/Notification', { body: { Subject: { Ro: 'x' }, UserId: '2000000000000-secret' } });
    expect(response.status).to.equal(400);
    const line = refusalLine(response.json().traceId);
    expect(line).to.include({ levelName: 'info', status: 400, method: 'POST', path: '/api/Notification', caller: 'demo-institution' });
    expect(line.fields).to.be.an('array').that.is.not.empty;
    expect(JSON.stringify(line)).to.not.include('2000000000000-secret');
  });

  it('logs an unknown path (404) at info', async () => {
    const response = await platform.client('demo-consumer').get('/no/such/path?idnp=2000000000000');
    expect(response.status).to.equal(404);
    const line = refusalLine(response.json().traceId);
    expect(line).to.include({ levelName: 'info', status: 404, method: 'GET', path: '/no/such/path', caller: 'demo-consumer' });
    expect(JSON.stringify(line)).to.not.include('2000000000000');
  });

  it('logs a refused WebSocket handshake', async () => {
    const refusal = await platform
      .client('demo-producer')
      .websocket('/ce/consume/ws')
      .then(
        () => expect.fail('the handshake should be refused'),
        (error: { status: number; body: string }) => error,
      );
    expect(refusal.status).to.equal(401);
    const line = refusalLine(JSON.parse(refusal.body).traceId);
    expect(line).to.include({ levelName: 'warn', status: 401, method: 'GET', path: '/ce/consume/ws', caller: 'demo-producer' });
  });

  it('logs a request the HTTP parser could not read, with the parser code', async () => {
    const socket = await rawConnection(platform.client('demo-producer'));
    socket.write('NOT HTTP AT ALL\r\n\r\n');
    const chunks: Buffer[] = [];
    for await (const chunk of socket) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8').split('\r\n\r\n')[1];
    const line = refusalLine(JSON.parse(body).traceId);
    expect(line).to.include({ levelName: 'info', status: 400 });
    expect(line.code).to.match(/^HPE_/);
  });

  it('logs a throttled request (429) at debug only', async () => {
    const consumer = platform.client('demo-consumer');
    let throttled: string | undefined;
    for (let attempt = 0; attempt < 20 && !throttled; attempt++) {
      const response = await consumer.get('/ce/tools/my-settings');
      if (response.status === 429) throttled = response.json().traceId;
    }
    expect(throttled, 'a 429 within 20 requests at 1 per second, bursts of 3').to.be.a('string');
    expect(refusalLine(throttled!)).to.include({ levelName: 'debug', status: 429, caller: 'demo-consumer' });
  });

  async function rawConnection(client: HttpsClient) {
    const socket = connect({ host: 'localhost', port: platform.platform.port, ...client.credentials, servername: 'localhost', ALPNProtocols: ['http/1.1'] });
    await once(socket, 'secureConnect');
    return socket;
  }
});
