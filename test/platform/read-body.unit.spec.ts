import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { expect } from 'chai';
import { ProblemError } from '../../src/platform/errors';
import { problemFor } from '../../src/platform/http/problem';
import { readBody } from '../../src/platform/http/read-body';

/** A request body as a stream, with the headers readBody looks at. */
function requestOf(headers: Record<string, string> = {}): PassThrough & { headers: Record<string, string> } {
  return Object.assign(new PassThrough(), { headers });
}

describe('readBody', () => {
  it('reads the whole body and reports every chunk it keeps', async () => {
    const request = requestOf();
    const heard: number[] = [];
    const body = readBody(request as unknown as IncomingMessage, 100, (bytes) => heard.push(bytes));
    request.write('abc');
    request.end('de');
    expect((await body).toString()).to.equal('abcde');
    expect(heard.reduce((sum, bytes) => sum + bytes, 0)).to.equal(5);
  });

  it('answers a caller that closes its connection mid-body with a 400, not an unexpected error', async () => {
    const request = requestOf({ 'content-length': '500' });
    const body = readBody(request as unknown as IncomingMessage, 1000);
    request.write('{"specversion":');
    request.destroy(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
    const error = await body.then(() => null, (rejection: unknown) => rejection);
    expect(error).to.be.instanceOf(ProblemError);
    expect(problemFor(error)).to.deep.include({ unexpected: false });
    expect(problemFor(error).problem.status).to.equal(400);
  });

  it('keeps any other stream error as it is', async () => {
    const request = requestOf();
    const body = readBody(request as unknown as IncomingMessage, 1000);
    const failure = new Error('disk on fire');
    request.destroy(failure);
    expect(await body.then(() => null, (rejection: unknown) => rejection)).to.equal(failure);
  });
});
