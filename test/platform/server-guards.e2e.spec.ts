import { expect } from 'chai';
import { once } from 'node:events';
import { connect as connectTcp } from 'node:net';
import { connect } from 'node:tls';
import { createLogger } from '../../src/platform/logger';
import { TestPlatform } from '../support/test-platform';

type LogLine = Record<string, unknown> & { msg: string; traceId?: string };

/** Everything a connection receives until the server closes it. */
async function readAll(socket: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of socket) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function parseResponse(text: string) {
  const [head, body] = text.split('\r\n\r\n');
  return { statusLine: head.split('\r\n')[0], head, body: JSON.parse(body) as { status: number; detail: string; traceId: string } };
}

describe('What the server answers before any route (e2e)', () => {
  let platform: TestPlatform;
  const lines: LogLine[] = [];

  before(async () => {
    const logger = createLogger('debug', { write: (line: string) => void lines.push(JSON.parse(line)) });
    platform = await TestPlatform.start({ logger, env: { REQUEST_TIMEOUT_MS: '1000' } });
  });
  after(() => platform.stop());

  const tlsConnection = async () => {
    const socket = connect({ host: 'localhost', port: platform.platform.port, ...platform.client('demo-consumer').credentials, servername: 'localhost', ALPNProtocols: ['http/1.1'] });
    await once(socket, 'secureConnect');
    return socket;
  };
  const loggedRefusal = (traceId: string) => lines.find((line) => line.traceId === traceId && line.msg === 'request refused');

  it('answers plain HTTP sent to the HTTPS port with a 400 that says to use HTTPS, and logs it', async () => {
    const socket = connectTcp(platform.platform.port, 'localhost');
    await once(socket, 'connect');
    socket.write('GET /api/v1/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    const response = parseResponse(await readAll(socket));
    expect(response.statusLine).to.equal('HTTP/1.1 400 Bad Request');
    expect(response.body.detail).to.include('https://');
    expect(loggedRefusal(response.body.traceId)).to.include({ status: 400, code: 'ERR_SSL_HTTP_REQUEST' });
  });

  it('answers an HTTP/1.1 CONNECT with 405 and a problem, and logs it', async () => {
    const socket = await tlsConnection();
    socket.write('CONNECT example.org:443 HTTP/1.1\r\nHost: example.org:443\r\n\r\n');
    const response = parseResponse(await readAll(socket));
    expect(response.statusLine).to.equal('HTTP/1.1 405 Method Not Allowed');
    expect(response.head.toLowerCase()).to.include('allow: get, post, put, patch, delete');
    expect(response.body.status).to.equal(405);
    expect(loggedRefusal(response.body.traceId)).to.include({ status: 405, method: 'CONNECT' });
  });

  it('answers bytes that follow a whole request on a kept-alive connection with a 400 after its answer, not a bare close', async () => {
    const socket = await tlsConnection();
    // a body longer than its Content-Length: the rest is read as a next request that cannot be parsed
    socket.write('GET /api/v1/health HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2\r\n\r\n{}}not a request\r\n\r\n');
    const text = await readAll(socket);
    const answers = text.split(/(?=HTTP\/1\.1 )/);
    expect(answers.map((answer) => answer.split('\r\n')[0])).to.deep.equal(['HTTP/1.1 200 OK', 'HTTP/1.1 400 Bad Request']);
    expect(answers[0].toLowerCase()).to.include('connection: keep-alive');
    const refusal = parseResponse(answers[1]);
    expect(refusal.head.toLowerCase()).to.include('connection: close');
    expect(refusal.body.status).to.equal(400);
    expect(loggedRefusal(refusal.body.traceId)).to.include({ status: 400 });
  });

  it('logs no refusal when a client stops sending a body after an early answer and closes its side', async () => {
    const socket = await tlsConnection();
    socket.write('POST /nowhere HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/octet-stream\r\nContent-Length: 100000\r\n\r\n' + 'x'.repeat(1000));
    const text = await new Promise<string>((resolve) => {
      let received = '';
      socket.on('data', (chunk: Buffer) => {
        received += chunk.toString('utf8');
        if (received.includes('\r\n\r\n')) socket.end();
      });
      socket.on('close', () => resolve(received));
    });
    expect(text.split('\r\n')[0]).to.equal('HTTP/1.1 404 Not Found');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(lines.filter((line) => line.code === 'HPE_INVALID_EOF_STATE')).to.deep.equal([]);
  });

  it('answers 408 to a body that does not arrive in full within REQUEST_TIMEOUT_MS, and closes the connection', async () => {
    const socket = await tlsConnection();
    socket.write('POST /ce/produce/event HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/cloudevents+json\r\nContent-Length: 1000\r\n\r\n{"specversion":');
    const response = parseResponse(await readAll(socket));
    expect(response.statusLine).to.equal('HTTP/1.1 408 Request Timeout');
    expect(response.body.status).to.equal(408);
  });
});
