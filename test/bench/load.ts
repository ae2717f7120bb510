/**
 * The load generator of the benchmark, in its own process (forked by run.ts). The same code drives the
 * bare HTTPS baseline and the platform: keep-alive HTTPS connections with the client certificate, a
 * fixed number of requests in flight, ~600 B events with unique ids, a warm-up before measuring.
 * For (c) it also is the WebSocket consumer, so that the end-to-end latency is measured on one clock.
 */
import { readFileSync } from 'node:fs';
import WebSocket from 'ws';
import { handshakes, RawHttpsConnection, type RawResponse } from './raw-client';
import {
  cpuShare,
  errorText,
  requestBody,
  round,
  Samples,
  samplesToSend,
  seqOf,
  summarize,
  type ClientTls,
  type E2eLoadResult,
  type E2eLoadSpec,
  type HttpLoadResult,
  type HttpLoadSpec,
  type LoadMessage,
  type LoadSpec,
} from './common';

const REQUEST_TIMEOUT_MS = 30_000;
const MAX_RECORDED_ERRORS = 10;
/** (c) waits at most this long after producing for the rest of the events */
const DRAIN_LIMIT_MS = 60_000;
/** after this many failed requests a load loop gives up (the run is failed anyway) */
const MAX_FAILURES = 200;

function send(message: LoadMessage): Promise<void> {
  return new Promise((resolve) => (process.send ? process.send(message, () => resolve()) : resolve()));
}

// the parent went away (interrupted): stop at once
process.on('disconnect', () => process.exit(1));

process.once('message', (spec: LoadSpec) => {
  const run = spec.kind === 'http' ? httpLoad(spec) : e2eLoad(spec);
  run
    .then((result) => send({ type: 'result', result }))
    .catch((error) => send({ type: 'fatal', error: errorText(error) }))
    .finally(() => process.exit(0));
});

type Tls = { ca: Buffer; cert: Buffer; key: Buffer };
const readTls = (tls: ClientTls): Tls => ({ ca: readFileSync(tls.ca), cert: readFileSync(tls.cert), key: readFileSync(tls.key) });

/** `connections` keep-alive connections; each caller takes a free one, so at most one request is in flight on each. */
type Poster = { post: (body: string) => Promise<RawResponse>; close: () => void };

function poster(port: number, path: string, contentType: string, tls: Tls, connections: number): Poster {
  const free = Array.from({ length: connections }, () => new RawHttpsConnection(port, tls, REQUEST_TIMEOUT_MS));
  const all = [...free];
  return {
    async post(body) {
      const connection = free.pop();
      if (!connection) throw new Error('more requests in flight than connections');
      try {
        return await connection.post(path, contentType, body);
      } finally {
        free.push(connection);
      }
    },
    close: () => all.forEach((connection) => connection.close()),
  };
}

/**
 * Opens the measured window after the warm-up and closes it after the duration; tells the parent both
 * times. `closed` resolves once the closing CPU sample is taken (the result must wait for it).
 */
function measuredWindow(warmupMs: number, durationMs: number) {
  const start = performance.now();
  let markClosed = () => {};
  const closed = new Promise<void>((resolve) => (markClosed = resolve));
  const window = { start: start + warmupMs, end: start + warmupMs + durationMs, cpuStart: process.cpuUsage(), cpuEnd: process.cpuUsage(), closed };
  setTimeout(() => {
    window.cpuStart = process.cpuUsage();
    void send({ type: 'measuring' });
  }, warmupMs);
  setTimeout(() => {
    window.cpuEnd = process.cpuUsage();
    void send({ type: 'measured' }).then(markClosed);
  }, warmupMs + durationMs);
  return window;
}

async function httpLoad(spec: HttpLoadSpec): Promise<HttpLoadResult> {
  const { post, close } = poster(spec.port, spec.path, spec.contentType, readTls(spec.tls), spec.concurrency);
  const single = spec.batch === 1;
  const window = measuredWindow(spec.warmupMs, spec.durationMs);
  const latencies = new Samples();
  const errors: string[] = [];
  let nextSeq = 0;
  const perSecond = new PerSecond(spec.durationMs);
  let measuredRequests = 0;
  let acceptedEvents = 0;
  let requests = 0;
  let failures = 0;

  const fail = (message: string) => {
    failures += 1;
    if (errors.length < MAX_RECORDED_ERRORS) errors.push(message);
  };

  async function loop() {
    while (failures < MAX_FAILURES) {
      const t0 = performance.now();
      if (t0 >= window.end) return;
      const seq = nextSeq;
      nextSeq += spec.batch;
      const body = requestBody(spec.tag, seq, spec.batch, single, t0, spec.ids);
      requests += 1;
      try {
        const response = await post(body);
        const t1 = performance.now();
        if (response.status !== 202) {
          fail(`HTTP ${response.status}: ${response.body.slice(0, 300)}`);
          continue;
        }
        acceptedEvents += spec.batch;
        if (t1 >= window.start && t1 <= window.end) {
          latencies.push(t1 - t0);
          measuredRequests += 1;
          perSecond.add(t1 - window.start, spec.batch);
        }
      } catch (error) {
        fail(errorText(error));
      }
    }
  }

  await Promise.all(Array.from({ length: spec.concurrency }, loop));
  close();
  await window.closed;
  const seconds = spec.durationMs / 1000;
  return {
    kind: 'http',
    eventsPerSec: round((measuredRequests * spec.batch) / seconds, 0),
    perSecond: perSecond.counts,
    requestsPerSec: round(measuredRequests / seconds, 0),
    latencyMs: summarize(latencies.values()),
    latencySamplesMs: samplesToSend(latencies),
    measuredMs: spec.durationMs,
    acceptedEvents,
    requests,
    failures,
    errors,
    clientCpu: cpuShare(window.cpuStart, window.cpuEnd, spec.durationMs),
    handshakes,
  };
}

/** Events per second of the measured window: shows whether a rate holds or decays as the log grows. */
class PerSecond {
  readonly counts: number[];
  constructor(windowMs: number) {
    this.counts = new Array<number>(Math.ceil(windowMs / 1000)).fill(0);
  }
  add(msIntoWindow: number, events: number) {
    const second = Math.floor(msIntoWindow / 1000);
    if (second >= 0 && second < this.counts.length) this.counts[second] += events;
  }
}

/** Per-sequence-number counters that grow as needed. */
class Counts {
  data = new Uint8Array(1 << 16);
  ensure(size: number) {
    if (size <= this.data.length) return;
    let length = this.data.length;
    while (length < size) length *= 2;
    const bigger = new Uint8Array(length);
    bigger.set(this.data);
    this.data = bigger;
  }
  add(index: number) {
    this.ensure(index + 1);
    if (this.data[index] < 255) this.data[index] += 1;
  }
}

async function e2eLoad(spec: E2eLoadSpec): Promise<E2eLoadResult> {
  const producerTls = readTls(spec.producerTls);
  const consumerTls = readTls(spec.consumerTls);
  const errors: string[] = [];
  let failures = 0;
  const fail = (message: string) => {
    failures += 1;
    if (errors.length < MAX_RECORDED_ERRORS) errors.push(message);
  };

  // --- the consumer first, so that it is connected before anything is produced
  const url = `wss://127.0.0.1:${spec.port}/ce/consume/ws?group=${encodeURIComponent(spec.group)}`;
  const ws = new WebSocket(url, 'cloudevents.json', { ...consumerTls });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the WebSocket did not open within 10 s')), 10_000);
    ws.once('open', () => {
      clearTimeout(timer);
      resolve();
    });
    ws.once('unexpected-response', (_request, response) => {
      clearTimeout(timer);
      reject(new Error(`WebSocket upgrade refused: HTTP ${response.statusCode}`));
    });
    ws.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });

  const received = new Counts();
  // received events by second since the end of the warm-up (producing lasts durationMs; the drain may add a few)
  const perSecond = new PerSecond(spec.durationMs + 2000);
  const accepted = new Counts();
  const latencies = new Samples();
  let receivedEvents = 0;
  let acceptedEvents = 0;
  let unexpected = 0;
  let confirms = 0;
  let lastOffset = '';
  let unconfirmed = 0;
  let firstMeasuredAt = Infinity;
  let lastMeasuredAt = 0;
  let measuredReceived = 0;
  let lastMessageAt = performance.now();
  let closedEarly: string | null = null;
  const backlogWaiters: (() => void)[] = [];

  const confirm = () => {
    if (unconfirmed === 0 || ws.readyState !== WebSocket.OPEN) return;
    ws.send(`confirm:${lastOffset}`);
    unconfirmed = 0;
    confirms += 1;
  };
  const wakeProducers = () => {
    for (const wake of backlogWaiters.splice(0)) wake();
  };

  let window: ReturnType<typeof measuredWindow> | null = null;
  ws.on('message', (data, isBinary) => {
    const now = performance.now();
    lastMessageAt = now;
    let event: { id?: unknown; offset?: unknown; data?: { sentAt?: unknown } };
    try {
      event = JSON.parse(isBinary ? '' : data.toString());
    } catch {
      fail('the consumer received a message that is not JSON');
      return;
    }
    receivedEvents += 1;
    const seq = seqOf(event.id, spec.tag);
    if (seq < 0) unexpected += 1;
    else received.add(seq);
    const sentAt = Number(event.data?.sentAt);
    if (window && Number.isFinite(sentAt) && sentAt >= window.start) {
      latencies.push(now - sentAt);
      measuredReceived += 1;
      perSecond.add(now - window.start, 1);
      if (now < firstMeasuredAt) firstMeasuredAt = now;
      lastMeasuredAt = now;
    }
    if (typeof event.offset === 'string') lastOffset = event.offset;
    else fail('a delivered event has no offset');
    unconfirmed += 1;
    if (unconfirmed >= spec.confirmEvery) confirm();
    if (acceptedEvents - receivedEvents <= spec.maxBacklog) wakeProducers();
  });
  let closing = false;
  ws.on('close', (code, reason) => {
    if (closing) return;
    closedEarly = `the WebSocket closed: ${code} ${reason.toString()}`;
    wakeProducers();
  });
  ws.on('error', (error) => fail(`WebSocket: ${errorText(error)}`));
  const confirmTimer = setInterval(confirm, 50);

  // --- the producers: batches of `batch` events, `concurrency` requests in flight
  const { post, close } = poster(spec.port, '/ce/produce/events', 'application/cloudevents-batch+json', producerTls, spec.concurrency);
  window = measuredWindow(spec.warmupMs, spec.durationMs);
  const produceEnd = window.end;
  const endTimer = setTimeout(wakeProducers, spec.warmupMs + spec.durationMs);
  const produceLatencies = new Samples();
  let measuredAccepted = 0;
  let nextSeq = 0;

  async function producer() {
    while (failures < MAX_FAILURES && !closedEarly) {
      if (performance.now() >= produceEnd) return;
      if (acceptedEvents - receivedEvents > spec.maxBacklog) {
        await new Promise<void>((resolve) => backlogWaiters.push(resolve));
        continue;
      }
      const t0 = performance.now();
      const seq = nextSeq;
      nextSeq += spec.batch;
      const body = requestBody(spec.tag, seq, spec.batch, false, t0);
      try {
        const response = await post(body);
        const t1 = performance.now();
        if (response.status !== 202) {
          fail(`HTTP ${response.status}: ${response.body.slice(0, 300)}`);
          continue;
        }
        accepted.ensure(seq + spec.batch);
        accepted.data.fill(1, seq, seq + spec.batch);
        acceptedEvents += spec.batch;
        if (t1 >= window!.start && t1 <= produceEnd) {
          produceLatencies.push(t1 - t0);
          measuredAccepted += spec.batch;
        }
      } catch (error) {
        fail(errorText(error));
      }
    }
  }
  await Promise.all(Array.from({ length: spec.concurrency }, producer));
  clearTimeout(endTimer);
  close();

  await window.closed;

  // --- drain: wait until every accepted event arrived, or nothing arrived for stallMs
  const drainStart = performance.now();
  const allIn = () => {
    const seen = received.data;
    const produced = accepted.data;
    for (let i = 0; i < nextSeq; i += 1) if (produced[i] === 1 && !(seen[i] > 0)) return false;
    return true;
  };
  const drainDeadline = drainStart + DRAIN_LIMIT_MS;
  while (
    !closedEarly &&
    !(receivedEvents >= acceptedEvents && allIn()) &&
    performance.now() - lastMessageAt < spec.stallMs &&
    performance.now() < drainDeadline
  ) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const drainMs = performance.now() - drainStart;
  confirm();
  clearInterval(confirmTimer);
  await new Promise((resolve) => setTimeout(resolve, 50));
  if (closedEarly) fail(closedEarly);
  closing = true;
  ws.close(1000, 'bench done');

  // --- exactly once, by id
  received.ensure(nextSeq);
  accepted.ensure(nextSeq);
  let missing = 0;
  let duplicates = 0;
  let uniqueReceived = 0;
  for (let i = 0; i < received.data.length; i += 1) {
    const count = received.data[i];
    if (count > 0) uniqueReceived += 1;
    if (count > 1) duplicates += count - 1;
    if (i < accepted.data.length && accepted.data[i] === 1 && count === 0) missing += 1;
    if (count > 0 && !(i < accepted.data.length && accepted.data[i] === 1)) unexpected += count;
  }

  const activeSeconds = Math.max(0.001, (lastMeasuredAt - firstMeasuredAt) / 1000);
  return {
    kind: 'e2e',
    eventsPerSec: measuredReceived > 1 ? round(measuredReceived / activeSeconds, 0) : 0,
    perSecond: perSecond.counts,
    producedPerSec: round(measuredAccepted / (spec.durationMs / 1000), 0),
    latencyMs: summarize(latencies.values()),
    produceLatencyMs: summarize(produceLatencies.values()),
    measuredMs: round(lastMeasuredAt - firstMeasuredAt, 0),
    acceptedEvents,
    receivedEvents,
    uniqueReceived,
    missing,
    duplicates,
    unexpected,
    confirms,
    drainMs: round(drainMs, 0),
    failures,
    errors,
    clientCpu: cpuShare(window.cpuStart, window.cpuEnd, spec.durationMs),
  };
}
