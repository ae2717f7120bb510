import { expect } from 'chai';
import express from 'express';
import { once } from 'node:events';
import { get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { problemHandler } from '../../src/platform/http/problem';

type LogLine = Record<string, unknown> & { level: number; msg: string; err?: { message: string } };

describe('problemHandler: an error after the response began (int, real HTTP)', () => {
  const lines: LogLine[] = [];
  let server: Server;
  let port: number;

  before(async () => {
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const app = express();
    app.get('/half', (_request, response, next) => {
      response.status(200).type('text/plain');
      response.write('the first part');
      next(new Error('the second part could not be read'));
    });
    app.use(problemHandler(logger));
    server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
  });
  after(() => new Promise((resolve) => server.close(resolve)));

  it('closes the connection (the caller cannot take the part as whole) and logs the error with the request', async () => {
    const ending = await new Promise<string>((resolve) => {
      get({ port, path: '/half?idnp=2000000000000' }, (response) => {
        response.resume();
        response.on('end', () => resolve('ended'));
        response.on('aborted', () => resolve('aborted'));
        response.on('error', () => resolve('aborted'));
      }).on('error', () => resolve('aborted'));
    });
    expect(ending).to.equal('aborted');
    const line = lines.find((logged) => logged.msg === 'response failed after it began');
    expect(line, 'the log line').to.not.equal(undefined);
    expect(line).to.include({ level: 50, status: 200, method: 'GET', path: '/half' });
    expect(line?.traceId).to.be.a('string');
    expect(line?.err?.message).to.equal('the second part could not be read');
    expect(JSON.stringify(line)).to.not.include('2000000000000');
  });
});
