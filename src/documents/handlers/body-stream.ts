import type { IncomingMessage } from 'node:http';
import { PassThrough, type Readable } from 'node:stream';

/**
 * A request's body as a stream that storage may fail without taking the connection with it: a pipeline
 * that fails destroys its source, and a destroyed request is a cut connection, so the caller would never
 * read the refusal (a 413 for a blob too large). Piped through its own stream instead, the request is
 * only unpiped and left to be drained by Node once the answer is sent. A connection that drops before the
 * body is complete fails the stream, so nothing half received is stored.
 */
export function bodyStream(request: IncomingMessage): Readable {
  const body = new PassThrough();
  const cut = () => body.destroy(Object.assign(new Error('the connection closed before the body was complete'), { code: 'ECONNRESET' }));
  request.once('error', cut);
  request.once('close', () => {
    if (!request.complete) cut();
  });
  body.once('close', () => {
    request.unpipe(body);
    request.resume();
  });
  return request.pipe(body);
}
