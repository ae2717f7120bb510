/**
 * The server side of the benchmark, in its own process so that it has a core to itself while the load
 * generator (test/bench/load.ts) uses the other. Driven by run.ts over IPC: it starts either the bare
 * HTTPS baseline or the platform, or runs the bare SQLite baseline loop, and answers CPU / stats
 * queries until told to stop.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import Database from 'better-sqlite3';
import { loadConfig } from '../../src/config';
import { streamFor } from '../../src/exchange/publisher';
import { startPlatform, type Platform } from '../../src/platform-app';
import { groupCommitter } from '../../src/platform/event-store/group-committer';
import { openLogForWriting } from '../../src/platform/event-store/sqlite-log-schema';
import { decodeAppends, encodeAppends, toWireRuns, type EncodedAppends } from '../../src/platform/event-store/sqlite-log-wire';
import { createLogger } from '../../src/platform/logger';
import {
  errorText,
  round,
  Samples,
  summarize,
  samplesToSend,
  type ServerCommand,
  type ServerMessage,
  type AppendLoopResult,
  eventJson,
  mainThreadCpuMicros,
  type LogWriterSpec,
  type SqliteBaselineSpec,
} from './common';

let baseline: Server | null = null;
let platform: Platform | null = null;
/** the exchange stream the load generator produces into, and its length when the platform was ready */
const PRODUCER_STREAM = streamFor('standard', 'demo-producer');
let streamAtStart = 0;
let requests = 0;
let failures = 0;

function send(message: ServerMessage) {
  process.send?.(message);
}

process.on('message', (command: ServerCommand) => {
  handle(command).catch((error) => {
    send({ type: 'fatal', error: errorText(error) });
  });
});
process.on('disconnect', () => process.exit(0));

async function handle(command: ServerCommand) {
  switch (command.type) {
    case 'start-https-baseline': {
      baseline = startHttpsBaseline(command.tls);
      await new Promise<void>((resolve) => baseline!.listen(0, '127.0.0.1', resolve));
      send({ type: 'ready', port: (baseline.address() as AddressInfo).port });
      return;
    }
    case 'start-platform': {
      // one client sends far more than any client's allowance would be: the limiter runs, at no limit;
      // (d) and (e) open 100 consumer instances for one client, past the default 50
      const limits = { RATE_LIMIT_PER_SECOND: '1000000000', RATE_LIMIT_BURST: '1000000000', EXCHANGE_MAX_INSTANCES_PER_CLIENT: '1000' };
      const config = loadConfig({ DATA_DIR: command.dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', BRIDGE_ID: 'bench', ...limits });
      platform = await startPlatform(config, { logger: createLogger('silent'), ...(command.withoutServices ? { services: [] } : {}) });
      streamAtStart = (await platform.stores.events.readStream(PRODUCER_STREAM)).length;
      send({ type: 'ready', port: platform.port });
      return;
    }
    case 'sqlite-baseline':
      send({ type: 'sqlite-result', result: sqliteBaseline(command.spec) });
      return;
    case 'log-writer':
      send({ type: 'log-writer-result', result: logWriterAlone(command.spec) });
      return;
    case 'cpu': {
      const usage = process.cpuUsage();
      send({ type: 'cpu', user: usage.user, system: usage.system, mainThread: mainThreadCpuMicros(), loopBusyMs: performance.eventLoopUtilization().active });
      return;
    }
    case 'stats':
      send({ type: 'stats', stored: platform ? await storedInStream(platform, command.expected ?? 0) : 0, requests, failures });
      return;
    case 'stop': {
      if (baseline) {
        const server = baseline;
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
      }
      if (platform) await platform.stop();
      send({ type: 'stopped' });
      // exit through the normal path so that --cpu-prof writes its profile
      setImmediate(() => process.exit(0));
      return;
    }
  }
}

/**
 * Events appended to the producer's stream since start, through the event store port. Revisions in a
 * stream are contiguous, so when exactly `expected` were stored the event at revision
 * start + expected - 1 is the last one; only otherwise is the stream read in full to count.
 * (Counting the stream, not the log head, keeps events other services append out of the check.)
 */
async function storedInStream(running: Platform, expected: number): Promise<number> {
  const events = running.stores.events;
  if (expected > 0 && (await events.readStream(PRODUCER_STREAM, { fromRevision: streamAtStart + expected - 1 })).length === 1) return expected;
  return (await events.readStream(PRODUCER_STREAM, { fromRevision: streamAtStart })).length;
}

/**
 * The baseline for (a): Node's HTTPS server asking for client certificates, reading and parsing the
 * JSON body, answering 202 — what any HTTPS+mTLS JSON endpoint must do at least.
 */
function startHttpsBaseline(tls: { cert: string; key: string; ca: string }): Server {
  const server = createServer(
    { cert: readFileSync(tls.cert), key: readFileSync(tls.key), ca: [readFileSync(tls.ca)], requestCert: true, rejectUnauthorized: true },
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        requests += 1;
        let parsed: unknown;
        try {
          parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          parsed = undefined;
        }
        if (parsed === null || typeof parsed !== 'object') {
          failures += 1;
          response.writeHead(400).end();
          return;
        }
        response.writeHead(202).end();
      });
    },
  );
  server.keepAliveTimeout = 65_000;
  return server;
}

/**
 * The baseline for (b): appends of rowBytes-byte rows to a WAL-mode SQLite file with synchronous=FULL,
 * `batch` rows per transaction, one transaction after the other — the disk's durable append rate.
 */
function sqliteBaseline(spec: SqliteBaselineSpec): AppendLoopResult {
  const db = new Database(spec.path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec('CREATE TABLE IF NOT EXISTS rows (position INTEGER PRIMARY KEY, body TEXT NOT NULL)');
  const insert = db.prepare('INSERT INTO rows (body) VALUES (?)');
  const pad = 'r'.repeat(spec.rowBytes - 12);
  let seq = 0;
  const commit = db.transaction((count: number) => {
    for (let i = 0; i < count; i += 1) insert.run(`${String(seq++).padStart(12, '0')}${pad}`);
  });
  const loop = commitLoop(spec, spec.batch, () => undefined, () => commit(spec.batch));
  db.close();
  return loopResult(loop, spec.durationMs, spec.durationMs);
}

/**
 * The log's writer alone: the group-commit transaction the writer thread runs (groupCommitter), on a
 * fresh log, fed appends of the load generator's ~600 B events, one commit after the other. Building the
 * appends is not timed, decoding them is: the rate is events per second of the writer's work, its ceiling in (b).
 */
function logWriterAlone(spec: LogWriterSpec): AppendLoopResult {
  const db = openLogForWriting(spec.path);
  const commitGroup = groupCommitter(db);
  const streamId = streamFor('standard', 'demo-producer');
  let seq = 0;
  // encoded as the store sends them; decoding is the writer thread's work, so it is timed with the commit
  const nextGroup = (): EncodedAppends => {
    const time = new Date().toISOString();
    return encodeAppends(
      Array.from({ length: spec.appendsPerCommit }, () => ({
        streamId,
        expectedRevision: 'any' as const,
        runs: toWireRuns(Array.from({ length: spec.eventsPerAppend }, () => ({ event: JSON.parse(eventJson(spec.tag, seq++, 0, time, spec.ids)), producer: 'demo-producer' }))),
      })),
    );
  };
  const rowsPerCommit = spec.appendsPerCommit * spec.eventsPerAppend;
  const loop = commitLoop(spec, rowsPerCommit, nextGroup, (group) => {
    for (const outcome of commitGroup(decodeAppends(group)).outcomes) if (!outcome.ok) throw new Error(`the log writer refused an append: ${JSON.stringify(outcome.error)}`);
  });
  db.close();
  return loopResult(loop, loop.committingMs, spec.durationMs);
}

type CommitLoop = { latencies: Samples; rows: number; commits: number; committingMs: number };

/**
 * Commits one after the other for the warm-up and the measured window. `prepare` builds the next
 * commit's input untimed; a commit is counted (and its time kept) when it starts inside the window
 * and ends by its close.
 */
function commitLoop<T>(window: { warmupMs: number; durationMs: number }, rowsPerCommit: number, prepare: () => T, commit: (input: T) => void): CommitLoop {
  const loop: CommitLoop = { latencies: new Samples(), rows: 0, commits: 0, committingMs: 0 };
  const measureStart = performance.now() + window.warmupMs;
  const measureEnd = measureStart + window.durationMs;
  for (;;) {
    const input = prepare();
    const t0 = performance.now();
    if (t0 >= measureEnd) break;
    commit(input);
    const t1 = performance.now();
    if (t0 >= measureStart && t1 <= measureEnd) {
      loop.latencies.push(t1 - t0);
      loop.committingMs += t1 - t0;
      loop.rows += rowsPerCommit;
      loop.commits += 1;
    }
  }
  return loop;
}

/** Rates over `overMs`: the measured window for the bare baseline, the time spent committing for the writer alone. */
function loopResult(loop: CommitLoop, overMs: number, measuredMs: number): AppendLoopResult {
  const seconds = overMs / 1000;
  return {
    eventsPerSec: round(loop.rows / seconds, 0),
    commitsPerSec: round(loop.commits / seconds, 0),
    latencyMs: summarize(loop.latencies.values()),
    latencySamplesMs: samplesToSend(loop.latencies),
    measuredMs,
    rows: loop.rows,
  };
}
