import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
/**
 * Shared pieces of the benchmark (test/bench/run.ts): the messages exchanged with the child processes,
 * the event bodies every load generator sends, and latency statistics.
 */

/** Paths of the PEM files a client presents (and trusts). */
export type ClientTls = { ca: string; cert: string; key: string };

/** HTTP produce load: `concurrency` keep-alive connections, each with one request in flight. */
export type HttpLoadSpec = {
  kind: 'http';
  port: number;
  path: string;
  contentType: string;
  /** events per request: 1 sends one JSON object, more sends a JSON array */
  batch: number;
  concurrency: number;
  warmupMs: number;
  durationMs: number;
  tls: ClientTls;
  /** makes event ids unique across runs and scenarios */
  tag: string;
  /** how event ids are made: `<tag>-<seq>`, or random UUIDs as the platform's guides show producers using */
  ids: IdStyle;
};

export type IdStyle = 'sequential' | 'uuid';

/** Produce (batches over HTTP) -> WebSocket consumer -> confirm, in one process so both share a clock. */
export type E2eLoadSpec = {
  kind: 'e2e';
  port: number;
  batch: number;
  concurrency: number;
  warmupMs: number;
  durationMs: number;
  producerTls: ClientTls;
  consumerTls: ClientTls;
  group: string;
  /** the producers pause while more than this many accepted events are not yet received */
  maxBacklog: number;
  /** confirm after this many received events */
  confirmEvery: number;
  /** stop waiting for the rest when nothing arrived for this long after producing ended */
  stallMs: number;
  tag: string;
};

export type LoadSpec = HttpLoadSpec | E2eLoadSpec;

export type LatencySummary = { count: number; p50: number; p99: number; mean: number; max: number };

/**
 * CPU over a window, in per cent of one core. For a server also its main thread's CPU and how much of the
 * time its event loop was busy (not waiting for I/O): a loop busy nearly all the time is what bounds a
 * Node server, whatever its other threads do.
 */
export type CpuShare = { userPct: number; systemPct: number; totalPct: number; mainThreadPct?: number; mainLoopBusyPct?: number };

/** A server's CPU so far (µs), its main thread's (NaN where /proc cannot tell), and its event loop's busy time (ms). */
export type ServerCpuSample = NodeJS.CpuUsage & { mainThread: number; loopBusyMs: number };

export type HttpLoadResult = {
  kind: 'http';
  /** events accepted (202) inside the measured window, per second */
  eventsPerSec: number;
  /** events accepted in each second of the measured window */
  perSecond: number[];
  requestsPerSec: number;
  latencyMs: LatencySummary;
  /** every measured request's latency (ms, to the µs), so that rounds can be combined (test/bench/rounds.ts) */
  latencySamplesMs: number[];
  measuredMs: number;
  /** every event answered 202, warm-up included (compared with what the log stored) */
  acceptedEvents: number;
  requests: number;
  failures: number;
  errors: string[];
  clientCpu: CpuShare;
  /** TLS connections opened: equal to the concurrency unless the server closed some */
  handshakes: number;
};

export type E2eLoadResult = {
  kind: 'e2e';
  /** events received after warm-up, per second, from the first to the last of them received */
  eventsPerSec: number;
  /** events received in each second after the warm-up */
  perSecond: number[];
  /** events accepted per second while producing (after warm-up) */
  producedPerSec: number;
  latencyMs: LatencySummary;
  /** produce request latency (202), after warm-up */
  produceLatencyMs: LatencySummary;
  measuredMs: number;
  acceptedEvents: number;
  receivedEvents: number;
  uniqueReceived: number;
  missing: number;
  duplicates: number;
  unexpected: number;
  confirms: number;
  drainMs: number;
  failures: number;
  errors: string[];
  clientCpu: CpuShare;
};

export type LoadResult = HttpLoadResult | E2eLoadResult;

/** A load child tells the parent when the measured window opens and closes (for server CPU figures). */
export type LoadMessage = { type: 'measuring' } | { type: 'measured' } | { type: 'result'; result: LoadResult } | { type: 'fatal'; error: string };

export type SqliteBaselineSpec = { path: string; batch: number; rowBytes: number; warmupMs: number; durationMs: number };
/**
 * (b)'s second reference: the platform's own log writer (its group-commit transaction) fed directly,
 * without HTTP or the thread hop, commits of appendsPerCommit appends of eventsPerAppend events.
 */
export type LogWriterSpec = { path: string; appendsPerCommit: number; eventsPerAppend: number; ids: IdStyle; tag: string; warmupMs: number; durationMs: number };
/** A loop of appends measured in one process: the bare SQLite baseline, or the log writer alone. */
export type AppendLoopResult = { eventsPerSec: number; commitsPerSec: number; latencyMs: LatencySummary; latencySamplesMs: number[]; measuredMs: number; rows: number };

export type ServerCommand =
  | { type: 'start-https-baseline'; tls: { cert: string; key: string; ca: string } }
  /** withoutServices: the exchange alone, without the service modules (audit, notification, ...) */
  | { type: 'start-platform'; dataDir: string; withoutServices: boolean }
  | { type: 'sqlite-baseline'; spec: SqliteBaselineSpec }
  | { type: 'log-writer'; spec: LogWriterSpec }
  | { type: 'cpu' }
  /** expected: events the load generator had answered 202, to count the producer's stream cheaply */
  | { type: 'stats'; expected?: number }
  | { type: 'stop' };

export type ServerMessage =
  | { type: 'ready'; port: number }
  | { type: 'sqlite-result'; result: AppendLoopResult }
  | { type: 'log-writer-result'; result: AppendLoopResult }
  | ({ type: 'cpu' } & ServerCpuSample)
  /** stored: events appended to demo-producer's exchange stream since the platform started */
  | { type: 'stats'; stored: number; requests: number; failures: number }
  | { type: 'stopped' }
  | { type: 'fatal'; error: string };

export const EVENT_BYTES = 600;
export const PRODUCER_SOURCE = 'urn:demo:producer';
export const EVENT_TYPE = 'demo.bench.measured';

const SKELETON = (id: string, time: string, seq: number, sentAt: number, pad: string) =>
  `{"specversion":"1.0","id":"${id}","source":"${PRODUCER_SOURCE}","type":"${EVENT_TYPE}","time":"${time}",` +
  `"datacontenttype":"application/json","subject":"bench","data":{"seq":${seq},"sentAt":${sentAt},"pad":"${pad}"}}`;

/** Padding that brings a typical event (sentAt with 3 decimals) with an id of this length to about EVENT_BYTES. */
const padFor = (idLength: number) =>
  'p'.repeat(Math.max(0, EVENT_BYTES - SKELETON('0'.repeat(idLength), new Date().toISOString(), 123456, 123456.789, '').length));
const PAD: Record<IdStyle, string> = { sequential: padFor('r0000000-000000'.length), uuid: padFor(36) };

/** One CloudEvent in the JSON format, about 600 bytes; `seq` is unique within a load process. */
export function eventJson(tag: string, seq: number, sentAt: number, time: string, ids: IdStyle = 'sequential'): string {
  const id = ids === 'uuid' ? randomUUID() : `${tag}-${seq}`;
  return SKELETON(id, time, seq, Math.round(sentAt * 1000) / 1000, PAD[ids]);
}

/** The body of one request: a single event, or a JSON array of `count` events numbered from `firstSeq`. */
export function requestBody(tag: string, firstSeq: number, count: number, single: boolean, sentAt: number, ids: IdStyle = 'sequential'): string {
  const time = new Date().toISOString();
  if (single) return eventJson(tag, firstSeq, sentAt, time, ids);
  const parts = new Array<string>(count);
  for (let i = 0; i < count; i += 1) parts[i] = eventJson(tag, firstSeq + i, sentAt, time, ids);
  return `[${parts.join(',')}]`;
}

/** The sequence number at the end of an id made by eventJson, or -1. */
export function seqOf(id: unknown, tag: string): number {
  if (typeof id !== 'string' || !id.startsWith(`${tag}-`)) return -1;
  const seq = Number(id.slice(tag.length + 1));
  return Number.isInteger(seq) && seq >= 0 ? seq : -1;
}

/** Latencies to send to the parent (ms, rounded to the µs: the JSON is about half as long). */
export function samplesToSend(samples: Samples): number[] {
  return Array.from(samples.values(), (value) => Math.round(value * 1000) / 1000);
}

/** Latencies in ms, nearest-rank percentiles. */
export function summarize(samples: ArrayLike<number>): LatencySummary {
  const count = samples.length;
  if (count === 0) return { count: 0, p50: NaN, p99: NaN, mean: NaN, max: NaN };
  const sorted = Float64Array.from(samples).sort();
  const at = (q: number) => sorted[Math.min(count - 1, Math.max(0, Math.ceil(q * count) - 1))];
  let sum = 0;
  for (let i = 0; i < count; i += 1) sum += sorted[i];
  return { count, p50: round(at(0.5)), p99: round(at(0.99)), mean: round(sum / count), max: round(sorted[count - 1]) };
}

/** A growable list of numbers without boxing. */
export class Samples {
  private data = new Float64Array(1 << 16);
  length = 0;
  push(value: number) {
    if (this.length === this.data.length) {
      const bigger = new Float64Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }
  values(): Float64Array {
    return this.data.subarray(0, this.length);
  }
}

export function cpuShare(start: NodeJS.CpuUsage, end: NodeJS.CpuUsage, wallMs: number): CpuShare {
  const user = (end.user - start.user) / 1000 / wallMs;
  const system = (end.system - start.system) / 1000 / wallMs;
  return { userPct: round(user * 100, 0), systemPct: round(system * 100, 0), totalPct: round((user + system) * 100, 0) };
}

/** A server's share over a window, with its main thread's part and its event loop's busy time. */
export function serverCpuShare(start: ServerCpuSample, end: ServerCpuSample, wallMs: number): CpuShare {
  const mainThreadPct = round(((end.mainThread - start.mainThread) / 1000 / wallMs) * 100, 0);
  const mainLoopBusyPct = round(((end.loopBusyMs - start.loopBusyMs) / wallMs) * 100, 0);
  return { ...cpuShare(start, end, wallMs), ...(Number.isFinite(mainThreadPct) ? { mainThreadPct } : {}), mainLoopBusyPct };
}

/**
 * The CPU this process's main thread used so far (µs), from /proc (Linux counts it in ticks of 10 ms);
 * NaN elsewhere. Node 20 has no per-thread CPU of its own.
 */
export function mainThreadCpuMicros(): number {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    // after the command name (in parentheses, which may hold spaces): state is field 3, utime 14, stime 15
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return NaN;
  }
}

export function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

export function errorText(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
