import { once } from 'node:events';
import { rmSync } from 'node:fs';
import { connect as connectTcp, type Socket } from 'node:net';
import { connect } from 'node:tls';
import { expect } from 'chai';
import { STRUCTURED, TestPlatform, demoEvent } from '../support/test-platform';

describe('Stopping the platform (SIGTERM, Ctrl-C): the requests under way are answered (e2e over mTLS)', () => {
  it('answers a produce request whose body is still arriving, ends a waiting long poll with 204 and closes WebSockets with 1001', async () => {
    const platform = await TestPlatform.start({ exchange: { pollTimeoutMs: 30_000, instanceIdleExpiryMs: 60_000 } });
    try {
      const producer = platform.client('demo-producer');
      const consumer = platform.client('demo-consumer');

      // a produce request sent in two parts, the second after the stop has begun
      const event = demoEvent();
      const body = JSON.stringify(event);
      const socket = connect({ host: 'localhost', port: platform.platform.port, ...producer.credentials, servername: 'localhost', ALPNProtocols: ['http/1.1'] });
      await once(socket, 'secureConnect');
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
      socket.write(`POST /ce/produce/event HTTP/1.1\r\nhost: localhost\r\ncontent-type: ${STRUCTURED['content-type']}\r\ncontent-length: ${body.length}\r\n\r\n${body.slice(0, 10)}`);

      const instance = new URL((await consumer.post('/ce/consumers')).headers.location as string).pathname;
      const waiting = consumer.get(`${instance}/events`);
      const ws = await consumer.websocket('/ce/consume/ws?group=ws');
      const wsClosed = once(ws, 'close') as Promise<[number, Buffer]>;
      await new Promise((resolve) => setTimeout(resolve, 200));

      const stopped = platform.platform.stop();
      expect((await waiting).status).to.equal(204);
      const [code] = await wsClosed;
      expect(code).to.equal(1001);
      socket.write(body.slice(10));
      await once(socket, 'end');
      expect(answer).to.match(/^HTTP\/1\.1 202 /);
      await stopped;
    } finally {
      rmSync(platform.dataDir, { recursive: true, force: true });
    }
  });

  describe('connections that never complete a TLS handshake (a scanner, a client gone silent)', () => {
    const silentConnection = async (port: number) => {
      const socket = connectTcp(port, 'localhost');
      socket.on('error', () => undefined);
      await once(socket, 'connect');
      return socket;
    };
    const closed = (socket: Socket) => (socket.closed ? Promise.resolve() : once(socket, 'close').then(() => undefined));

    it('closes them at the handshake timeout, holding no descriptor after (an answer written onto one kept it in CLOSE-WAIT for good)', async () => {
      const platform = await TestPlatform.start({ env: { TLS_HANDSHAKE_TIMEOUT_MS: '300' } });
      try {
        const server = platform.platform.server;
        const socket = await silentConnection(platform.platform.port);
        let received = 0;
        socket.on('data', (chunk: Buffer) => (received += chunk.length));
        await closed(socket);
        expect(received, 'no HTTP answer on a connection without TLS').to.equal(0);
        const open = await new Promise<number>((resolve, reject) => server.getConnections((error, count) => (error ? reject(error) : resolve(count))));
        expect(open).to.equal(0);
      } finally {
        await platform.stop();
      }
    });

    it('does not keep a stop waiting for them: they are cut with the rest after the grace period', async () => {
      const platform = await TestPlatform.start({ env: { TLS_HANDSHAKE_TIMEOUT_MS: '120000' } });
      try {
        const socket = await silentConnection(platform.platform.port);
        const began = Date.now();
        await platform.platform.stop();
        expect(Date.now() - began).to.be.below(15_000);
        await closed(socket);
      } finally {
        rmSync(platform.dataDir, { recursive: true, force: true });
      }
    });
  });
});
