import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ExchangeConfig } from '../config';
import type { Clock } from '../platform/clock';
import { badRequest, notFound, serviceUnavailable } from '../platform/errors';
import type { EventKind } from '../platform/event-store/event-store';
import { refusedRequestOf, writeProblem } from '../platform/http/problem';
import { readBody, readJsonText } from '../platform/http/read-body';
import { identifyCaller } from '../platform/identity/authenticate';
import type { ClientDefinition, ClientRegistry } from '../platform/identity/client-registry';
import type { Logger } from '../platform/logger';
import { LabelledCounter, LabelledHistogram } from '../platform/metrics';
import { identityProblem } from './exchange-auth';
import { normalizeRaw, normalizeStructured, withUnicodeData, type NormalizeContext, type Normalized } from './incoming-event';
import { BytesInFlight } from '../platform/http/bytes-in-flight';
import type { Publisher } from './publisher';

/**
 * What the produce path counts for GET /api/v1/metrics: the requests answered, by endpoint (produce,
 * tools), mode (raw, event, events) and status; the seconds from a request's headers to its 202, by
 * endpoint and mode.
 */
export class ProduceMetrics {
  readonly requests = new LabelledCounter(['endpoint', 'mode', 'status'] as const);
  readonly acceptedSeconds = new LabelledHistogram(['endpoint', 'mode'] as const, [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]);
}
export type ProduceDeps = { registry: ClientRegistry; publisher: Publisher; config: ExchangeConfig; clock: Clock; logger: Logger; metrics: ProduceMetrics };
type Mode = 'raw' | 'event' | 'events';

const PRODUCE_PATH = /^\/ce\/(produce|tools\/produce)\/(raw|event|events)$/;
const MEDIA_TYPES: Record<Exclude<Mode, 'raw'>, string> = {
  event: 'application/cloudevents+json',
  events: 'application/cloudevents-batch+json',
};

/**
 * The produce endpoints as a plain Node handler in front of Express: this is the exchange's hot path, and
 * Express's per-request work cost more CPU than everything else a produce does (docs/decisions.md).
 * /ce/produce/* stores producers' events; /ce/tools/produce/* a consumer's test events to itself.
 * Returns false for any other request, which then goes to Express. 202 is sent after the commit.
 */
export function createProduceHandler(deps: ProduceDeps) {
  const backlog = new BytesInFlight(deps.config.maxPendingBytes);
  return (request: IncomingMessage, response: ServerResponse): boolean => {
    const path = (request.url ?? '').split('?')[0];
    const match = PRODUCE_PATH.exec(path);
    if (!match) return false;
    const kind: EventKind = match[1] === 'produce' ? 'standard' : 'test';
    const endpoint = match[1] === 'produce' ? 'produce' : 'tools';
    const mode = match[2] as Mode;
    const began = performance.now();
    produce(request, kind, mode, deps, backlog).then(
      () => {
        response.writeHead(202, { 'content-length': 0 });
        response.end();
        deps.metrics.requests.inc({ endpoint, mode, status: '202' });
        deps.metrics.acceptedSeconds.observe({ endpoint, mode }, (performance.now() - began) / 1000);
      },
      (error) => {
        request.resume();
        const status = writeProblem(response, error, refusedRequestOf(request), deps.logger);
        deps.metrics.requests.inc({ endpoint, mode, status: String(status) });
      },
    );
    return true;
  };
}

async function produce(request: IncomingMessage, kind: EventKind, mode: Mode, deps: ProduceDeps, backlog: BytesInFlight): Promise<unknown> {
  if (request.method !== 'POST') throw notFound(`no resource at ${request.method} ${request.url}`);
  const identity = identifyCaller(request, deps.registry);
  const problem = identityProblem(identity);
  if (problem) throw problem;
  const client = (identity as { client: ClientDefinition }).client;
  if (!backlog.admit()) {
    const warning = backlog.warning();
    if (warning) deps.logger.warn(warning, 'produce requests refused (503): the requests held passed EXCHANGE_MAX_PENDING_BYTES; the event log is behind');
    throw serviceUnavailable('the event log is behind: too many events wait to be stored on this bridge; send again after Retry-After', 1000);
  }
  let held = 0;
  const context: NormalizeContext = { now: deps.clock.now(), futureTimeToleranceMs: deps.config.futureTimeToleranceMs };
  // not awaited here: no frame holds the parsed events while the log commits, only the chain's step that publishes them.
  // The chunk counter is written inline: tsx names a function given to a const with Object.defineProperty,
  // 0.5 µs on every request (docs/decisions.md).
  return readEvents(request, mode, context, deps.config.maxRequestBytes, (bytes) => {
    held += bytes;
    backlog.hold(bytes);
  })
    .then(({ events, json }) => deps.publisher.publish(client, events, kind, { json, batch: mode === 'events' }))
    .finally(() => backlog.release(held));
}

/** The request's events; json: the whole batch as the producer sent it, when that is what is to be stored. */
type ReadEvents = { events: Normalized[]; json?: string };

async function readEvents(request: IncomingMessage, mode: Mode, context: NormalizeContext, limit: number, hold: (bytes: number) => void): Promise<ReadEvents> {
  if (mode === 'raw') {
    const body = await readBody(request, limit, hold);
    return { events: [withUnicodeData(normalizeRaw(request.headersDistinct, body, context), body.includes('\\u'))] };
  }
  const expected = MEDIA_TYPES[mode];
  const actual = String(request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (actual !== expected) throw badRequest(`Content-Type must be ${expected}`, { 'content-type': [`must be ${expected}`] });
  const { text, value: body } = await readJsonText(request, limit, hold);
  const escaped = text.includes('\\u');
  if (mode === 'event') return { events: [withProducerText(withUnicodeData(normalizeStructured(body, context), escaped), body, text)] };
  if (!Array.isArray(body)) throw badRequest('a batch must be a JSON array of events');
  const events = body.map((candidate) => withUnicodeData(normalizeStructured(candidate, context), escaped));
  return { events, json: events.every((normalized, index) => isUnchanged(normalized, body[index])) ? text : undefined };
}

const isUnchanged = (normalized: Normalized, parsed: unknown): normalized is Extract<Normalized, { ok: true }> =>
  normalized.ok && normalized.value.event === parsed;

/**
 * An event, or a batch, that needed no change is stored as the producer's text: serializing it again took
 * about 2 µs of the main thread per single event and 11% of it in batches of 100 (docs/decisions.md).
 * Every reader of the log parses what it reads.
 */
function withProducerText(normalized: Normalized, parsed: unknown, text: string): Normalized {
  if (!isUnchanged(normalized, parsed)) return normalized;
  return { ok: true, value: { ...normalized.value, json: text } };
}
