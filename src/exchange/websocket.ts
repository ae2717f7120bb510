import { type IncomingHttpHeaders, type IncomingMessage, type Server } from 'node:http';
import type { ServerHttp2Stream } from 'node:http2';
import type { Duplex } from 'node:stream';
import type { TLSSocket } from 'node:tls';
import { WebSocket, WebSocketServer } from 'ws';
import type { ExchangeConfig } from '../config';
import type { Clock } from '../platform/clock';
import { ProblemError } from '../platform/errors';
import { endWithProblem, problemResponse, refusedRequestOf, type ProblemResponse } from '../platform/http/problem';
import { identifyConnection } from '../platform/identity/authenticate';
import type { ClientDefinition, ClientRegistry } from '../platform/identity/client-registry';
import type { Logger } from '../platform/logger';
import type { ConsumerInstance, InstanceOptions } from './consumer-instance';
import type { ConsumerService } from './consumer-service';
import { consumerOptions } from './consumer-routes';
import { identityProblem } from './exchange-auth';
import { isConsumer } from './exchange-rights';
import { normalizeReported } from './incoming-event';
import { changedNumbersDetail, parseJsonExactly } from '../platform/json-numbers';
import type { Publisher } from './publisher';
import { toStructured } from './wire-format';
import type { RateLimiter } from '../platform/http/rate-limit';

export const WS_PATH = '/ce/consume/ws';
export const WS_PROTOCOL = 'cloudevents.json';
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** the sizes of a connection's unconfirmed events may add up to this, past the one that reaches it (StoredEvent.size) */
const MAX_UNCONFIRMED_SIZE = 16_000_000;

export type WebSocketDeps = {
  registry: ClientRegistry;
  consumers: ConsumerService;
  publisher: Publisher;
  config: ExchangeConfig;
  clock: Clock;
  logger: Logger;
  rateLimiter: RateLimiter;
  /** the consumer WebSockets open on this server, both transports (closed with 1001 on shutdown) */
  sockets: Set<WebSocket>;
};

/**
 * WebSocket consumption: each connection is a consumer instance of its group. The server pushes one
 * JSON message per event, holding at most wsMaxUnconfirmed unconfirmed events, and 16 MB of them; the client answers
 * `confirm:<offset>` or `dead:<event JSON>`. Anything else closes the connection (1008).
 * Reached by the HTTP/1.1 upgrade, or by HTTP/2 extended CONNECT (RFC 8441) through `serveHttp2Stream`.
 */
export function attachWebSocket(server: Server, deps: WebSocketDeps): WebSocketServer {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: deps.config.maxRequestBytes,
    handleProtocols: (protocols) => (protocols.has(WS_PROTOCOL) ? WS_PROTOCOL : false),
  });

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const admitted = admit(request.url, request.headers['sec-websocket-protocol'], request.socket as TLSSocket, deps);
    if (admitted instanceof ProblemError) return endWithProblem(socket, problemResponse(admitted, refusedRequestOf(request), deps.logger));
    wss.handleUpgrade(request, socket, head, (ws) => open(ws, admitted, deps));
  });
  return wss;
}

/**
 * An HTTP/2 stream of a connection that negotiated h2: `CONNECT` with `:protocol: websocket` to the
 * WebSocket endpoint becomes a WebSocket over that stream (RFC 8441: 200 instead of 101, no key
 * exchange). The rest of the API is served over HTTP/1.1 only, so any other request gets 505.
 */
export function serveHttp2Stream(stream: ServerHttp2Stream, headers: IncomingHttpHeaders, deps: WebSocketDeps): void {
  stream.on('error', (error) => deps.logger.debug({ err: error }, 'HTTP/2 stream error'));
  const path = String(headers[':path'] ?? '/');
  const refuseStream = (problem: ProblemError) => respondWithProblem(stream, problemResponse(problem, { method: String(headers[':method']), path: pathOf(path), socket: stream.session?.socket }, deps.logger));
  if (headers[':method'] === 'CONNECT' && headers[':protocol'] !== undefined && headers[':protocol'] !== 'websocket') {
    return refuseStream(new ProblemError(400, 'Bad Request', `extended CONNECT is served for the websocket protocol only, not ${String(headers[':protocol'])}`));
  }
  if (headers[':method'] !== 'CONNECT' || headers[':protocol'] !== 'websocket') {
    return refuseStream(
      new ProblemError(505, 'HTTP Version Not Supported', 'over HTTP/2 this server serves only WebSocket consumption (extended CONNECT to /ce/consume/ws); use HTTP/1.1'),
    );
  }
  // RFC 8441 takes the version over from RFC 6455, which knows only 13 (ws checks it on HTTP/1.1)
  if (headers['sec-websocket-version'] !== '13') return refuseStream(new ProblemError(400, 'Bad Request', 'sec-websocket-version must be 13'));
  const admitted = admit(path, headers['sec-websocket-protocol'], stream.session!.socket as TLSSocket, deps);
  if (admitted instanceof ProblemError) return refuseStream(admitted);
  stream.respond({ ':status': 200, 'sec-websocket-protocol': WS_PROTOCOL });
  open(serverWebSocketOn(stream, deps.config.maxRequestBytes), admitted, deps);
}

/**
 * A server-side WebSocket on a duplex that is already past its handshake. ws builds these itself in
 * its HTTP/1.1 upgrade (a WebSocket without an address, then setSocket); neither is in its typings.
 */
function serverWebSocketOn(duplex: Duplex, maxPayload: number): WebSocket {
  type Unattached = WebSocket & { setSocket(socket: Duplex, head: Buffer, options: { maxPayload: number }): void };
  const ws = new (WebSocket as unknown as new (address: null, protocols: undefined, options: object) => Unattached)(null, undefined, { maxPayload });
  ws.setSocket(duplex, Buffer.alloc(0), { maxPayload });
  return ws;
}

type Admitted = { client: ClientDefinition; options: InstanceOptions };

/** The checks of both transports: rate limit, endpoint, client certificate, consumer rights, sub-protocol, query. */
function admit(path: string | undefined, subprotocols: string | string[] | undefined, socket: TLSSocket, deps: WebSocketDeps): Admitted | ProblemError {
  const throttled = deps.rateLimiter.refusal(socket);
  if (throttled) return throttled;
  const url = URL.parse(path ?? '/', 'https://localhost');
  // Node's HTTP parser lets through request targets that are not URLs ("//[", a port above 65535)
  if (!url) return new ProblemError(400, 'Bad Request', 'the request target is not a valid path');
  if (url.pathname !== WS_PATH) return new ProblemError(404, 'Not Found', `no WebSocket endpoint at ${url.pathname}`);
  const identity = identifyConnection(socket, deps.registry);
  const problem = identityProblem(identity);
  if (problem) return problem;
  const client = (identity as { client: ClientDefinition }).client;
  if (!isConsumer(client)) return new ProblemError(401, 'Unauthorized', `client ${client.id} is not registered as a consumer`);
  const tooMany = deps.consumers.instanceLimitRefusal(client.id);
  if (tooMany) return tooMany;
  const offered = String(subprotocols ?? '').split(',').map((protocol) => protocol.trim());
  if (!offered.includes(WS_PROTOCOL)) return new ProblemError(400, 'Bad Request', `the WebSocket sub-protocol ${WS_PROTOCOL} is required`);
  try {
    return { client, options: consumerOptions(Object.fromEntries(url.searchParams)) };
  } catch (error) {
    if (error instanceof ProblemError) return error;
    throw error;
  }
}

function open(ws: WebSocket, { client, options }: Admitted, deps: WebSocketDeps) {
  deps.sockets.add(ws);
  ws.once('close', () => deps.sockets.delete(ws));
  void deps.consumers.create(client, options, 'websocket').then(
    (instance) => serve(ws, instance, client, deps),
    (error) => {
      // the client's instances filled up between the upgrade's check and now: 1013, try again later
      if (error instanceof ProblemError && error.status === 429) return ws.close(1013, truncate(error.detail ?? 'too many consumer instances'));
      deps.logger.error({ err: error }, 'opening a WebSocket consumer instance failed');
      ws.close(1011, 'internal error');
    },
  );
}

function serve(ws: WebSocket, instance: ConsumerInstance, client: ClientDefinition, deps: WebSocketDeps) {
  if (ws.readyState !== WebSocket.OPEN) {
    // closed while the instance was being created: its 'close' has been and gone
    void deps.consumers.delete(instance, 'WebSocket closed');
    return;
  }
  let open = true;
  const log = deps.logger.child({ instance: instance.id, client: client.id, group: instance.options.group });
  const heartbeat = keepAlive(ws, deps.config.wsPingIntervalMs, () => log.warn('WebSocket consumer answered no ping: cut, its unconfirmed events go back to its group'));
  ws.on('close', () => {
    open = false;
    clearInterval(heartbeat);
    void deps.consumers.delete(instance, 'WebSocket closed');
  });
  ws.on('error', (error) => log.warn({ err: error }, 'WebSocket error'));
  ws.on('message', (message, isBinary) => {
    if (isBinary) return ws.close(1003, 'binary messages are not read: send confirm:<offset> or dead:<event JSON> as text');
    const text = message.toString('utf8');
    if (text.startsWith('confirm:')) {
      const offset = text.slice('confirm:'.length).trim();
      if (!/^[1-9][0-9]{0,15}$/.test(offset)) return ws.close(1008, 'confirm needs a positive integer offset');
      deps.consumers.confirm(instance, Number(offset));
    } else if (text.startsWith('dead:')) {
      void reportDead(text.slice('dead:'.length), client, ws, deps);
    } else {
      ws.close(1008, 'unknown message: expected confirm:<offset> or dead:<event JSON>');
    }
  });

  void (async () => {
    while (open) {
      const room = instance.room(deps.config.wsMaxUnconfirmed, MAX_UNCONFIRMED_SIZE);
      if (!room || ws.bufferedAmount > MAX_BUFFERED_BYTES) {
        await deps.consumers.waitForChange(50, instance.lanes);
        continue;
      }
      const deliveries = await instance.take(Math.min(room.events, deps.config.batchSize), room.size);
      if (!open) break;
      if (deliveries.length === 0) {
        await deps.consumers.waitForEvents(deps.config.pollTimeoutMs, instance.lanes);
        continue;
      }
      for (const delivery of deliveries) ws.send(JSON.stringify(toStructured(delivery)));
    }
  })().catch((error) => {
    log.error({ err: error }, 'WebSocket delivery failed');
    ws.close(1011, 'internal error');
  });
}

/**
 * Pings the client every `intervalMs`, and cuts the connection when it has not answered the ping before.
 * A consumer that stopped reading (hung, or gone without closing) answers none, and until it is cut it
 * holds its unconfirmed events, and with them its partition keys: every later event of those keys, and
 * the group's events behind them once the lane fills, waited with it (found by a probe). WebSocket clients
 * answer pings by themselves (RFC 6455, 5.5.2).
 */
function keepAlive(ws: WebSocket, intervalMs: number, onUnanswered: () => void): NodeJS.Timeout {
  let answered = true;
  ws.on('pong', () => (answered = true));
  return setInterval(() => {
    if (!answered) {
      onUnanswered();
      ws.terminate();
      return;
    }
    answered = false;
    ws.ping();
  }, intervalMs).unref();
}

async function reportDead(json: string, client: ClientDefinition, ws: WebSocket, deps: WebSocketDeps) {
  const parsed = parseJsonExactly(json);
  if (!parsed.json) return ws.close(1007, 'dead: must be followed by a JSON event');
  if (parsed.changedNumbers.length > 0) return ws.close(1007, truncate(`dead event refused: ${changedNumbersDetail(parsed.changedNumbers)}`));
  try {
    const normalized = normalizeReported(parsed.value, { now: deps.clock.now(), futureTimeToleranceMs: deps.config.futureTimeToleranceMs });
    await deps.publisher.publish(client, [normalized], 'dead');
  } catch (error) {
    if (error instanceof ProblemError) return ws.close(error.status === 401 ? 1008 : 1007, truncate(`dead event refused: ${error.detail}`));
    deps.logger.error({ err: error }, 'storing a dead event failed');
    ws.close(1011, 'internal error');
  }
}

function respondWithProblem(stream: ServerHttp2Stream, { status, headers, body }: ProblemResponse) {
  stream.respond({ ...headers, ':status': status, 'content-length': Buffer.byteLength(body) });
  stream.end(body);
}

function pathOf(url: string | undefined): string {
  return (url ?? '/').split('?')[0];
}

/** A close reason may be at most 123 bytes. */
function truncate(reason: string): string {
  return Buffer.from(reason).subarray(0, 120).toString('utf8').replace(/\uFFFD$/, '');
}
