/**
 * npm run bench [-- --duration <s>] [--warmup <s>] [--json] [--scenarios a,b,c,d,e,booking,notification,eventlog,petitions,delivery,representation,documents] [--profile <dir>] [--wait-idle <s>]
 *                 [--without-services] [--pairs <n>] [--rounds <n>] [--ids sequential|uuid] [--connections a=<n>,b=<n>]
 *
 * Measures the exchange against baselines taken in the same run, on loopback, with a fresh data
 * directory per platform run:
 *   (a) single-event produce over mTLS  vs a bare Node HTTPS server with client certificates that
 *       parses the ~600 B JSON body and answers 202 (same load generator, same concurrency);
 *   (b) batch produce of 100            vs bare SQLite appends (WAL, synchronous=FULL, rows of the
 *       events' size, ~600 B, one transaction per 100 rows);
 *   (c) produce -> WebSocket consumer -> confirm, end to end (target: 10,000 events/s sustained).
 * The server (baseline or platform) and the load generator run in separate processes, one core each;
 * the same load generator (64 connections for (a) and 16 for (b) unless --connections says otherwise,
 * 8 producers + 1 WebSocket consumer for (c)) drives baseline and platform. CPU of server, load generator and the rest of the machine is
 * reported, because other work on this 2-core machine depresses the figures (--wait-idle helps).
 * (a) and (b) measure baseline and platform in alternating slices (--rounds, rounds.ts), so that both
 * see the same machine. --profile <dir> writes a V8 CPU profile of every server run (read it with profile-summary.ts).
 * A missed target is reported, not failed; the exit code is non-zero only on real errors (a request
 * not answered 202, an accepted event not stored, or not delivered exactly once).
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEVELOPMENT_REGISTRY } from '../../src/platform-app';
import { combineCpu, combineHttpSlices, combineLoopSlices, roundOrder, roundRatios, sliceDurations } from './rounds';
import { SERVICE_SCENARIOS, formatServiceFigures, runServiceBenchmarks, type ServiceFigures } from './services';
import { ensureDevelopmentPki, pkiFiles } from '../../src/platform/identity/pki';
import {
  cpuShare,
  serverCpuShare,
  EVENT_BYTES,
  errorText,
  round,
  type ClientTls,
  type CpuShare,
  type E2eLoadResult,
  type HttpLoadResult,
  type IdStyle,
  type LatencySummary,
  type LoadMessage,
  type LoadResult,
  type LoadSpec,
  type ServerCommand,
  type ServerCpuSample,
  type ServerMessage,
  type AppendLoopResult,
} from './common';

const here = dirname(fileURLToPath(import.meta.url));
const SERVER = join(here, 'server.ts');
const LOAD = join(here, 'load.ts');

type Options = {
  durationMs: number;
  warmupMs: number;
  json: boolean;
  scenarios: Set<string>;
  profileDir?: string;
  waitIdleMs: number;
  withoutServices: boolean;
  /** baseline/platform pairs measured one after the other for (a) and (b); the median pair is reported */
  pairs: number;
  /** each pair of (a) and (b) measured in this many alternating slices of baseline and platform (rounds.ts) */
  rounds: number;
  /** event ids of (a) and (b); (c) checks exactly-once delivery by its sequential ids */
  ids: IdStyle;
  /** keep-alive connections of the load generator, the same for baseline and platform */
  connections: { a: number; b: number };
};

function parseArgs(argv: string[]): Options {
  const options: Options = { durationMs: 8000, warmupMs: 1000, json: false, scenarios: new Set(['a', 'b', 'c', 'd', 'e', ...SERVICE_SCENARIOS]), waitIdleMs: 0, withoutServices: false, pairs: 1, rounds: 4, ids: 'sequential', connections: { a: 64, b: 16 } };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined) throw new Error(`${arg} needs a value`);
      return next;
    };
    const seconds = (text: string) => {
      const parsed = Number(text);
      if (!Number.isFinite(parsed) || parsed <= 0 || parsed > 600) throw new Error(`${arg} expects seconds (0 < s <= 600), got ${text}`);
      return Math.round(parsed * 1000);
    };
    if (arg === '--json') options.json = true;
    else if (arg === '--duration') options.durationMs = seconds(value());
    else if (arg === '--warmup') options.warmupMs = seconds(value());
    else if (arg === '--wait-idle') options.waitIdleMs = seconds(value());
    else if (arg === '--without-services') options.withoutServices = true;
    else if (arg === '--ids') {
      const ids = value();
      if (ids !== 'sequential' && ids !== 'uuid') throw new Error('--ids expects sequential or uuid');
      options.ids = ids;
    }
    else if (arg === '--connections') options.connections = parseConnections(value(), options.connections);
    else if (arg === '--pairs') {
      options.pairs = Number(value());
      if (!Number.isInteger(options.pairs) || options.pairs < 1 || options.pairs > 9) throw new Error('--pairs expects 1 to 9');
    }
    else if (arg === '--rounds') {
      options.rounds = Number(value());
      if (!Number.isInteger(options.rounds) || options.rounds < 1 || options.rounds > 20) throw new Error('--rounds expects 1 to 20');
    }
    else if (arg === '--scenarios') {
      options.scenarios = new Set(value().split(',').map((s) => s.trim().toLowerCase()));
      const known = ['a', 'b', 'c', 'd', 'e', ...SERVICE_SCENARIOS];
      for (const s of options.scenarios) if (!known.includes(s)) throw new Error(`unknown scenario ${s} (${known.join(', ')})`);
    } else if (arg === '--profile') options.profileDir = resolve(value());
    else if (arg === '--help' || arg === '-h') {
      process.stdout.write(
        'npm run bench -- [--duration <s>=8] [--warmup <s>=1] [--json] [--scenarios a,b,c,d,e,booking,notification,eventlog,petitions,delivery,representation,documents] [--profile <dir>] [--wait-idle <s>] [--pairs <n>=1] [--rounds <n>=4] [--ids sequential|uuid] [--connections a=64,b=16]\n' +
          '  --rounds: measure (a) and (b) in n alternating slices of baseline and platform (ABBA), the duration split over them\n' +
          '  --pairs: measure (a) and (b) as n baseline/platform pairs in a row and report the pair with the median ratio\n' +
          '  --wait-idle: before each measurement, wait up to <s> seconds for the machine to be idle (other test runs)\n' +
          '  --without-services: start the platform with the exchange only (no audit, notification, ... modules)\n' +
          '  --ids uuid: (a) and (b) send random UUID event ids (as producers following the guides do) instead of sequential ones\n' +
          '  --connections: the load generator\'s keep-alive connections in (a) and (b), for baseline and platform alike\n',
      );
      process.exit(0);
    } else throw new Error(`unknown option ${arg}`);
  }
  return options;
}

/** "a=256,b=64": connections per scenario; a scenario not named keeps its default */
function parseConnections(text: string, defaults: Options['connections']): Options['connections'] {
  const connections = { ...defaults };
  for (const part of text.split(',')) {
    const [scenario, count] = part.split('=').map((item) => item.trim());
    const parsed = Number(count);
    if ((scenario !== 'a' && scenario !== 'b') || !Number.isInteger(parsed) || parsed < 1 || parsed > 1024) {
      throw new Error(`--connections expects a=<n>,b=<n> with 1 <= n <= 1024, got ${text}`);
    }
    connections[scenario] = parsed;
  }
  return connections;
}

// ---------------------------------------------------------------------------------------------
// child processes

/** A forked child with a typed message queue. */
class Child<In, Out extends { type: string }> {
  private readonly queue: Out[] = [];
  private waiters: (() => void)[] = [];
  private exited: string | null = null;
  readonly process: ChildProcess;

  constructor(file: string, extraExecArgv: string[] = []) {
    // the children are TypeScript too: keep tsx's loader (inherited execArgv) and add our own flags
    this.process = fork(file, [], { execArgv: [...process.execArgv, ...extraExecArgv], stdio: ['ignore', 2, 2, 'ipc'] });
    this.process.on('message', (message: Out) => {
      this.queue.push(message);
      this.wake();
    });
    this.process.on('exit', (code, signal) => {
      this.exited = `${file.split('/').pop()} exited (${signal ?? code})`;
      this.wake();
    });
  }

  send(message: In) {
    this.process.send(message as object);
  }

  /** The next message of one of the given types (others are kept), failing on timeout or exit. */
  async next<T extends Out['type']>(types: T[], timeoutMs: number): Promise<Extract<Out, { type: T }>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.queue.findIndex((message) => types.includes(message.type as T) || message.type === 'fatal');
      if (index >= 0) {
        const [message] = this.queue.splice(index, 1);
        if (message.type === 'fatal') throw new Error(`child failed: ${(message as unknown as { error: string }).error}`);
        return message as Extract<Out, { type: T }>;
      }
      if (this.exited) throw new Error(`${this.exited} while waiting for ${types.join('/')}`);
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new Error(`timed out waiting for ${types.join('/')}`);
      await new Promise<void>((wake) => {
        const timer = setTimeout(wake, remaining);
        this.waiters.push(() => {
          clearTimeout(timer);
          wake();
        });
      });
    }
  }

  async exit(timeoutMs = 10_000) {
    if (this.process.exitCode !== null || this.process.signalCode !== null) return;
    const exited = new Promise<void>((done) => this.process.once('exit', () => done()));
    const timer = setTimeout(() => this.process.kill('SIGKILL'), timeoutMs);
    await exited;
    clearTimeout(timer);
  }

  private wake() {
    for (const waiter of this.waiters.splice(0)) waiter();
  }
}

type ServerChild = Child<ServerCommand, ServerMessage>;

function startServerChild(options: Options, label: string): ServerChild {
  // one directory per server run: tsx's loader thread writes a profile of its own next to the main thread's
  const profile = options.profileDir ? ['--cpu-prof', '--cpu-prof-dir', join(options.profileDir, label)] : [];
  // V8 flags Node refuses in NODE_OPTIONS (--trace-gc, say) reach the server this way
  const extra = process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? [];
  return new Child<ServerCommand, ServerMessage>(SERVER, [...extra, ...profile]);
}

async function stopServer(server: ServerChild) {
  try {
    server.send({ type: 'stop' });
    await server.next(['stopped'], 30_000);
  } finally {
    await server.exit();
  }
}

async function serverCpu(server: ServerChild): Promise<ServerCpuSample> {
  server.send({ type: 'cpu' });
  const { user, system, mainThread, loopBusyMs } = await server.next(['cpu'], 10_000);
  return { user, system, mainThread, loopBusyMs };
}

/** CPU time (ms) all cores spent not idle, so far: what other processes used shows up as the difference. */
function machineTimes(): { busy: number; idle: number } {
  let busy = 0;
  let idle = 0;
  for (const cpu of cpus()) {
    busy += cpu.times.user + cpu.times.nice + cpu.times.sys + cpu.times.irq;
    idle += cpu.times.idle;
  }
  return { busy, idle };
}

const IDLE_BELOW_PCT = 10;

/** With --wait-idle: waits (bounded) until the whole machine was less than 10% busy for a second. */
async function waitIdle(context: Context) {
  const limit = context.options.waitIdleMs;
  if (limit <= 0) return;
  const deadline = performance.now() + limit;
  while (performance.now() < deadline) {
    const before = machineTimes();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const after = machineTimes();
    const busyPct = ((after.busy - before.busy) / Math.max(1, after.busy - before.busy + after.idle - before.idle)) * 100;
    if (busyPct < IDLE_BELOW_PCT) return;
  }
  progress(context, `the machine was still busy after ${limit / 1000} s; measuring anyway`);
}

/**
 * Runs one load child against a server child; samples the server's CPU when the load child opens and
 * closes its measured window.
 */
async function runLoad<R extends LoadResult>(
  server: ServerChild,
  spec: LoadSpec,
  budgetMs: number,
): Promise<{ result: R; serverCpu: CpuShare; machineBusyPct: number }> {
  const load = new Child<LoadSpec, LoadMessage>(LOAD);
  try {
    load.send(spec);
    let cpuStart: ServerCpuSample | null = null;
    let cpuEnd: ServerCpuSample | null = null;
    let machineStart: { busy: number } | null = null;
    let machineEnd: { busy: number } | null = null;
    let wallStart = 0;
    let wall = 0;
    const deadline = performance.now() + budgetMs;
    for (;;) {
      const message = await load.next(['measuring', 'measured', 'result'], Math.max(1, deadline - performance.now()));
      if (message.type === 'measuring') {
        cpuStart = await serverCpu(server);
        machineStart = machineTimes();
        wallStart = performance.now();
      } else if (message.type === 'measured') {
        cpuEnd = await serverCpu(server);
        machineEnd = machineTimes();
        wall = performance.now() - wallStart;
      } else {
        const serverShare = cpuStart && cpuEnd ? serverCpuShare(cpuStart, cpuEnd, wall) : { userPct: NaN, systemPct: NaN, totalPct: NaN };
        const machineBusyPct = machineStart && machineEnd ? round(((machineEnd.busy - machineStart.busy) / wall) * 100, 0) : NaN;
        return { result: message.result as R, serverCpu: serverShare, machineBusyPct };
      }
    }
  } finally {
    await load.exit();
  }
}

// ---------------------------------------------------------------------------------------------
// scenarios

type Measured = {
  eventsPerSec: number;
  latencyMs: LatencySummary;
  serverCpu?: CpuShare;
  clientCpu?: CpuShare;
  /** all cores together, 200% = both cores of a 2-core machine busy */
  machineBusyPct?: number;
  /** what processes other than the server and the load generator used meanwhile (other work on the machine) */
  otherCpuPct?: number;
  [detail: string]: unknown;
};

type ScenarioReport = {
  name: string;
  platform: Measured;
  baseline: (Measured & { name: string }) | null;
  /** (b): the log's writer fed directly, no HTTP: the ceiling storage puts on the platform */
  writerAlone?: { eventsPerSec: number; commitLatencyMs: LatencySummary; ratio: number };
  ratio: number | null;
  target: string;
  met: boolean;
  checks: string[];
};

type Context = {
  options: Options;
  root: string;
  pkiDir: string;
  tag: string;
  errors: string[];
  producer: ClientTls;
  consumer: ClientTls;
  bystander: ClientTls;
};

/** A fresh data directory with the shared development PKI (generating keys per run would take seconds). */
/** A data directory with the bench's PKI, and its registry: the development one and BYSTANDER. */
function freshDataDir(context: Context, name: string): string {
  const dir = join(context.root, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(context.pkiDir, join(dir, 'pki'), { recursive: true });
  writeFileSync(join(dir, 'clients.json'), JSON.stringify(benchRegistry(), null, 2));
  return dir;
}

function benchRegistry(): { clients: { id: string }[] } {
  const development = JSON.parse(readFileSync(DEVELOPMENT_REGISTRY, 'utf8')) as { clients: { id: string }[] };
  return { ...development, clients: [...development.clients, BYSTANDER] };
}

async function withPlatform<T>(context: Context, name: string, body: (server: ServerChild, port: number) => Promise<T>): Promise<T> {
  const { server, port } = await startPlatformChild(context, name);
  try {
    return await body(server, port);
  } finally {
    await stopServer(server);
  }
}

/** How many events the platform stored for the producer since it started (expected: what was answered 202). */
async function storedEvents(server: ServerChild, expected: number): Promise<number> {
  server.send({ type: 'stats', expected });
  const stats = await server.next(['stats'], 60_000);
  return stats.stored;
}

function checkHttp(context: Context, scenario: string, who: string, result: HttpLoadResult, checks: string[]) {
  if (result.failures > 0) {
    context.errors.push(`(${scenario}) ${who}: ${result.failures} of ${result.requests} requests failed: ${result.errors.join(' | ')}`);
  }
  checks.push(`${who}: ${result.requests} requests on ${result.handshakes} keep-alive connections, ${result.failures} not answered 202`);
}

/**
 * CPU time the server process (all its threads) spent per event accepted: what the platform's own work
 * costs beside the baseline's, whatever the run's rate was held back by (latency, the load generator).
 */
function serverCpuMicrosPerEvent(measured: Measured): number {
  if (!measured.serverCpu || !(measured.eventsPerSec > 0)) return NaN;
  return (measured.serverCpu.totalPct / 100) * (1_000_000 / measured.eventsPerSec);
}

/** The server's main thread within its CPU, and how busy its event loop was, where measured. */
function mainThreadText({ mainThreadPct, mainLoopBusyPct }: CpuShare): string {
  const parts = [
    ...(mainThreadPct !== undefined ? [`main thread ${mainThreadPct}%`] : []),
    ...(mainLoopBusyPct !== undefined ? [`its event loop busy ${mainLoopBusyPct}% of the time`] : []),
  ];
  return parts.length > 0 ? `; ${parts.join(', ')}` : '';
}

/** Platform / baseline server CPU per event, when both were measured. */
function serverCpuRatio(report: ScenarioReport): number | null {
  if (!report.baseline) return null;
  const ratio = serverCpuMicrosPerEvent(report.platform) / serverCpuMicrosPerEvent(report.baseline);
  return Number.isFinite(ratio) ? round(ratio, 2) : null;
}

function otherCpu(machineBusyPct: number, ...processes: (CpuShare | undefined)[]): number {
  return Math.max(0, round(machineBusyPct - processes.reduce((sum, share) => sum + (share?.totalPct ?? 0), 0), 0));
}

function httpMeasured(result: HttpLoadResult, serverCpu: CpuShare, machineBusyPct: number): Measured {
  return {
    machineBusyPct,
    otherCpuPct: otherCpu(machineBusyPct, serverCpu, result.clientCpu),
    eventsPerSec: result.eventsPerSec,
    perSecond: result.perSecond,
    requestsPerSec: result.requestsPerSec,
    latencyMs: result.latencyMs,
    serverCpu,
    clientCpu: result.clientCpu,
    acceptedEvents: result.acceptedEvents,
  };
}

/**
 * On a shared machine a baseline and the platform measured a minute apart can see different machines.
 * With --pairs, each pair is measured back to back; the pair with the median ratio is reported, the
 * others are listed beside it.
 */
function medianPair(measured: ScenarioReport[]): ScenarioReport {
  if (measured.length === 1) return measured[0];
  const byRatio = [...measured].sort((a, b) => (a.ratio ?? 0) - (b.ratio ?? 0));
  const median = byRatio[Math.floor((byRatio.length - 1) / 2)];
  const ratios = measured.map((report) => `${report.ratio}x (${Math.round(report.platform.eventsPerSec)} / ${Math.round(report.baseline?.eventsPerSec ?? 0)})`);
  return { ...median, checks: [`${measured.length} pairs in order, platform / baseline ev/s: ${ratios.join(', ')}; the median pair is shown`, ...median.checks] };
}

const loadBudget = (options: Options) => options.warmupMs + options.durationMs + 60_000;
/** Warm-up of every slice after a side's first: its load generator opens its connections (TLS) then. */
const SLICE_WARMUP_MS = 500;

/** One slice of one side: `round` numbers it (event ids stay unique on a platform measured in rounds). */
type Slice<T> = (round: number, warmupMs: number, durationMs: number) => Promise<T>;

/**
 * Both sides of (a) or (b), measured in options.rounds alternating slices (test/bench/rounds.ts). The
 * first slice of each side has the full warm-up; the measured window is split over the rounds.
 */
async function inRounds<B, P>(context: Context, measure: { baseline: Slice<B>; platform: Slice<P> }): Promise<{ baseline: B[]; platform: P[] }> {
  const { rounds, warmupMs, durationMs } = context.options;
  const durations = sliceDurations(durationMs, rounds);
  const measured: { baseline: B[]; platform: P[] } = { baseline: [], platform: [] };
  for (const [round, order] of roundOrder(rounds).entries()) {
    for (const side of order) {
      await waitIdle(context);
      const warmup = round === 0 ? warmupMs : Math.min(warmupMs, SLICE_WARMUP_MS);
      if (side === 'baseline') measured.baseline.push(await measure.baseline(round, warmup, durations[round]));
      else measured.platform.push(await measure.platform(round, warmup, durations[round]));
    }
  }
  return measured;
}

type MeasuredSlice<R> = { result: R; serverCpu: CpuShare; machineBusyPct: number };

/** The server's and the machine's CPU over one side's slices, weighted by each slice's window. */
function cpuOfSlices(slices: MeasuredSlice<{ measuredMs: number }>[]) {
  return combineCpu(slices.map((slice) => ({ serverCpu: slice.serverCpu, machineBusyPct: slice.machineBusyPct, measuredMs: slice.result.measuredMs })));
}

/** The slices of one side, combined as one run over their summed windows. */
function combineHttp(slices: MeasuredSlice<HttpLoadResult>[]): MeasuredSlice<HttpLoadResult> {
  return { result: combineHttpSlices(slices.map((slice) => slice.result)), ...cpuOfSlices(slices) };
}

function roundsCheck(baseline: { eventsPerSec: number }[], platform: { eventsPerSec: number }[]): string[] {
  if (platform.length < 2) return [];
  const rounds = roundRatios(baseline, platform).map((ratio, round) => `${ratio}x (${Math.round(platform[round].eventsPerSec)} / ${Math.round(baseline[round].eventsPerSec)})`);
  return [`${platform.length} rounds, platform / baseline ev/s in each: ${rounds.join(', ')}`];
}

/** Starts the platform on a fresh data directory in its own server process; returns it with its port. */
async function startPlatformChild(context: Context, name: string): Promise<{ server: ServerChild; port: number }> {
  const server = startServerChild(context.options, `platform-${name}`);
  try {
    server.send({ type: 'start-platform', dataDir: freshDataDir(context, `platform-${name}`), withoutServices: context.options.withoutServices });
    return { server, port: (await server.next(['ready'], 60_000)).port };
  } catch (error) {
    await stopServer(server);
    throw error;
  }
}

/** (a)'s load: single events to POST /ce/produce/event from options.connections.a connections. */
function singleEventLoad(context: Context, port: number, tag: string, warmupMs: number, durationMs: number): LoadSpec {
  return {
    kind: 'http',
    port,
    path: '/ce/produce/event',
    contentType: 'application/cloudevents+json',
    batch: 1,
    concurrency: context.options.connections.a,
    warmupMs,
    durationMs,
    tls: context.producer,
    tag,
    ids: context.options.ids,
  };
}

async function scenarioA(context: Context): Promise<ScenarioReport> {
  const { options } = context;
  const spec = (port: number, tag: string, warmupMs: number, durationMs: number) => singleEventLoad(context, port, tag, warmupMs, durationMs);

  progress(context, `(a) bare HTTPS server with client certificates, and the platform's POST /ce/produce/event, in ${options.rounds} round(s)`);
  const baselineServer = startServerChild(options, 'https-baseline');
  let platform: { server: ServerChild; port: number } | null = null;
  let slices: { baseline: MeasuredSlice<HttpLoadResult>[]; platform: MeasuredSlice<HttpLoadResult>[] };
  let stored: number;
  try {
    const files = pkiFiles(context.pkiDir);
    baselineServer.send({ type: 'start-https-baseline', tls: { cert: files.serverCert, key: files.serverKey, ca: files.caCert } });
    const { port: baselinePort } = await baselineServer.next(['ready'], 30_000);
    platform = await startPlatformChild(context, 'a');
    const { server: platformServer, port: platformPort } = platform;
    slices = await inRounds(context, {
      baseline: (round, warmupMs, durationMs) =>
        runLoad<HttpLoadResult>(baselineServer, spec(baselinePort, `${context.tag}a0r${round}`, warmupMs, durationMs), loadBudget(options)),
      platform: (round, warmupMs, durationMs) =>
        runLoad<HttpLoadResult>(platformServer, spec(platformPort, `${context.tag}a1r${round}`, warmupMs, durationMs), loadBudget(options)),
    });
    baselineServer.send({ type: 'stats' });
    const stats = await baselineServer.next(['stats'], 10_000);
    if (stats.failures > 0) context.errors.push(`(a) baseline server could not parse ${stats.failures} bodies`);
    stored = await storedEvents(platformServer, slices.platform.reduce((sum, slice) => sum + slice.result.acceptedEvents, 0));
  } finally {
    await Promise.all([stopServer(baselineServer), platform ? stopServer(platform.server) : undefined]);
  }
  return httpRoundsReport(context, 'a', slices, stored, {
    name: '(a) single-event produce, mTLS',
    baseline: 'bare HTTPS+mTLS, parse JSON, 202',
    baselineSide: 'baseline',
    platformSide: 'platform',
    target: 0.6,
  });
}

/**
 * The report of a scenario whose two sides ran HTTP load in alternating rounds: each side's failures,
 * whether the log holds what the measured side accepted, the rounds' ratios, and the ratio to its target.
 */
function httpRoundsReport(
  context: Context,
  key: string,
  slices: { baseline: MeasuredSlice<HttpLoadResult>[]; platform: MeasuredSlice<HttpLoadResult>[] },
  stored: number,
  labels: { name: string; baseline: string; baselineSide: string; platformSide: string; target: number },
): ScenarioReport {
  const checks: string[] = [];
  const baselineRun = combineHttp(slices.baseline);
  const platformRun = combineHttp(slices.platform);
  checkHttp(context, key, labels.baselineSide, baselineRun.result, checks);
  checkHttp(context, key, labels.platformSide, platformRun.result, checks);
  checkStored(context, key, platformRun.result.acceptedEvents, stored, checks);
  checks.push(...roundsCheck(slices.baseline.map((slice) => slice.result), slices.platform.map((slice) => slice.result)));
  const ratio = platformRun.result.eventsPerSec / baselineRun.result.eventsPerSec;
  return {
    name: labels.name,
    platform: httpMeasured(platformRun.result, platformRun.serverCpu, platformRun.machineBusyPct),
    baseline: { name: labels.baseline, ...httpMeasured(baselineRun.result, baselineRun.serverCpu, baselineRun.machineBusyPct) },
    ratio: round(ratio, 2),
    target: `>= ${labels.target}x baseline`,
    met: ratio >= labels.target,
    checks,
  };
}

/** (d) and (e): consumer groups that wait for events, one long-polling instance each. */
const WAITING_GROUPS = 100;

/** A client of the bench's registry that may consume only types no load produces: its groups read standard events, none theirs. */
const BYSTANDER = {
  id: 'bench-bystander',
  name: 'Bench: a consumer none of the load is for',
  certificate: { commonName: 'bench-bystander' },
  exchange: { consume: { types: ['other.*'] } },
};

/** What waits in (d) and (e): whose groups, reading which kinds of events. */
type WaitingSpec = { key: 'd' | 'e'; name: string; tls: ClientTls; query: string };

/** (d): demo-consumer's groups reading only its own test events, which no one produces. */
const scenarioD = (context: Context) =>
  scenarioWaiting(context, { key: 'd', name: `(d) (a) with ${WAITING_GROUPS} consumer groups waiting`, tls: context.consumer, query: 'events=false&test=true' });

/** (e): groups of a client that may consume none of the load's types, reading standard events: each commit is theirs to look at. */
const scenarioE = (context: Context) =>
  scenarioWaiting(context, { key: 'e', name: `(e) (a) with ${WAITING_GROUPS} groups of a client none of it is for`, tls: context.bystander, query: 'events=true&test=false' });

/**
 * (a)'s load on a platform where WAITING_GROUPS consumer groups wait for events that never come, beside
 * the same platform with none, in alternating rounds: what consumers that wait cost the producers.
 */
async function scenarioWaiting(context: Context, waiting: WaitingSpec): Promise<ScenarioReport> {
  const { options } = context;
  const { key } = waiting;
  progress(context, `(${key}) POST /ce/produce/event with ${WAITING_GROUPS} consumer groups waiting (${waiting.query}), beside the same platform with none, in ${options.rounds} round(s)`);
  let alone: { server: ServerChild; port: number } | null = null;
  let crowded: { server: ServerChild; port: number } | null = null;
  let stopWaiting = () => {};
  let slices: { baseline: MeasuredSlice<HttpLoadResult>[]; platform: MeasuredSlice<HttpLoadResult>[] };
  let stored: number;
  try {
    alone = await startPlatformChild(context, `${key}0`);
    crowded = await startPlatformChild(context, `${key}1`);
    const [quiet, busy] = [alone, crowded];
    stopWaiting = await waitingGroups(busy.port, waiting.tls, WAITING_GROUPS, `waiting-${context.tag}`, waiting.query);
    slices = await inRounds(context, {
      baseline: (round, warmupMs, durationMs) =>
        runLoad<HttpLoadResult>(quiet.server, singleEventLoad(context, quiet.port, `${context.tag}${key}0r${round}`, warmupMs, durationMs), loadBudget(options)),
      platform: (round, warmupMs, durationMs) =>
        runLoad<HttpLoadResult>(busy.server, singleEventLoad(context, busy.port, `${context.tag}${key}1r${round}`, warmupMs, durationMs), loadBudget(options)),
    });
    stored = await storedEvents(busy.server, slices.platform.reduce((sum, slice) => sum + slice.result.acceptedEvents, 0));
  } finally {
    stopWaiting();
    await Promise.all([alone ? stopServer(alone.server) : undefined, crowded ? stopServer(crowded.server) : undefined]);
  }
  return httpRoundsReport(context, key, slices, stored, {
    name: waiting.name,
    baseline: 'the same platform, no consumer',
    baselineSide: 'platform without consumers',
    platformSide: 'platform with consumers waiting',
    target: 0.8,
  });
}

/**
 * Consumer groups waiting on the platform, each with one long-polling instance (`query` says what it
 * reads) that asks again whenever its poll ends; none of the load's events is for them. Returns what
 * stops them.
 */
async function waitingGroups(port: number, tls: ClientTls, count: number, tag: string, query: string): Promise<() => void> {
  const agent = new HttpsAgent({ keepAlive: true, maxSockets: count + 1, ca: readFileSync(tls.ca), cert: readFileSync(tls.cert), key: readFileSync(tls.key) });
  let stopped = false;
  const call = (method: string, url: string) =>
    new Promise<{ status: number; location?: string }>((resolvePromise, reject) => {
      const outgoing = httpsRequest(url, { method, agent, servername: 'localhost' }, (response) => {
        response.resume();
        response.on('end', () => resolvePromise({ status: response.statusCode ?? 0, location: response.headers.location }));
      });
      outgoing.on('error', reject);
      outgoing.end();
    });
  for (let group = 0; group < count; group += 1) {
    const created = await call('POST', `https://127.0.0.1:${port}/ce/consumers?${query}&group=${tag}-${group}`);
    if (created.status !== 201 || !created.location) throw new Error(`creating a waiting consumer answered ${created.status}`);
    const base = created.location;
    void (async () => {
      while (!stopped) {
        const polled = await call('GET', `${base}/events`).catch(() => null);
        if (!polled || (polled.status !== 204 && polled.status !== 200)) break;
      }
    })();
  }
  return () => {
    stopped = true;
    agent.destroy();
  };
}

function checkStored(context: Context, scenario: string, accepted: number, stored: number, checks: string[]) {
  if (stored !== accepted) context.errors.push(`(${scenario}) ${accepted} events were answered 202 but the log holds ${stored}`);
  checks.push(`platform: ${accepted} events accepted, ${stored} in the log`);
}

/** A slice of (b)'s baseline: the bare SQLite loop on the round's file (it grows over the rounds, as the log does). */
async function sqliteBaselineSlice(server: ServerChild, path: string, warmupMs: number, durationMs: number, budgetMs: number): Promise<MeasuredSlice<AppendLoopResult>> {
  const cpuStart = await serverCpu(server);
  const machineStart = machineTimes();
  const wallStart = performance.now();
  server.send({ type: 'sqlite-baseline', spec: { path, batch: 100, rowBytes: EVENT_BYTES, warmupMs, durationMs } });
  const result = (await server.next(['sqlite-result'], budgetMs)).result;
  // warm-up included: the loop runs in one synchronous stretch
  const wall = performance.now() - wallStart;
  return { result, serverCpu: cpuShare(cpuStart, await serverCpu(server), wall), machineBusyPct: round(((machineTimes().busy - machineStart.busy) / wall) * 100, 0) };
}

async function scenarioB(context: Context): Promise<ScenarioReport> {
  const { options } = context;
  const checks: string[] = [];

  progress(context, "(b) the log's writer alone: commits of 8 appends of 100 events, no HTTP");
  const writerAlone = await measureWriterAlone(context);

  progress(context, `(b) bare SQLite appends (WAL, synchronous=FULL, 100 rows per transaction), and the platform's POST /ce/produce/events of 100 events, in ${options.rounds} round(s)`);
  const baselineServer = startServerChild(options, 'sqlite-baseline');
  let platform: { server: ServerChild; port: number } | null = null;
  let slices: { baseline: MeasuredSlice<AppendLoopResult>[]; platform: MeasuredSlice<HttpLoadResult>[] };
  let stored: number;
  try {
    const dir = join(context.root, 'sqlite-baseline');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    platform = await startPlatformChild(context, 'b');
    const { server: platformServer, port } = platform;
    slices = await inRounds(context, {
      baseline: (_round, warmupMs, durationMs) => sqliteBaselineSlice(baselineServer, join(dir, 'rows.sqlite'), warmupMs, durationMs, loadBudget(options)),
      platform: (round, warmupMs, durationMs) =>
        runLoad<HttpLoadResult>(
          platformServer,
          {
            kind: 'http',
            port,
            path: '/ce/produce/events',
            contentType: 'application/cloudevents-batch+json',
            batch: 100,
            concurrency: options.connections.b,
            warmupMs,
            durationMs,
            tls: context.producer,
            tag: `${context.tag}br${round}`,
            ids: options.ids,
          },
          loadBudget(options),
        ),
    });
    stored = await storedEvents(platformServer, slices.platform.reduce((sum, slice) => sum + slice.result.acceptedEvents, 0));
  } finally {
    await Promise.all([stopServer(baselineServer), platform ? stopServer(platform.server) : undefined]);
  }
  const baseline = combineLoopSlices(slices.baseline.map((slice) => slice.result));
  const baselineCpu = cpuOfSlices(slices.baseline);
  const platformRun = combineHttp(slices.platform);
  const writerRatio = round(writerAlone.eventsPerSec / baseline.eventsPerSec, 2);
  checks.push(
    `the log's writer alone (commits of 8 appends x 100 events, half of (b)'s default 16 connections; no HTTP): ` +
      `${writerAlone.eventsPerSec.toLocaleString('en-US')} events per second of commit time, ${writerRatio}x the bare baseline, commit p50 ${writerAlone.latencyMs.p50} ms`,
  );
  checkHttp(context, 'b', 'platform', platformRun.result, checks);
  checkStored(context, 'b', platformRun.result.acceptedEvents, stored, checks);
  checks.push(...roundsCheck(slices.baseline.map((slice) => slice.result), slices.platform.map((slice) => slice.result)));

  const ratio = platformRun.result.eventsPerSec / baseline.eventsPerSec;
  return {
    name: '(b) batch produce, 100 per request',
    platform: httpMeasured(platformRun.result, platformRun.serverCpu, platformRun.machineBusyPct),
    baseline: {
      name: `bare SQLite, WAL, sync=FULL, ${EVENT_BYTES} B rows, 100/commit`,
      eventsPerSec: baseline.eventsPerSec,
      latencyMs: baseline.latencyMs,
      commitsPerSec: baseline.commitsPerSec,
      serverCpu: baselineCpu.serverCpu,
      machineBusyPct: baselineCpu.machineBusyPct,
      otherCpuPct: otherCpu(baselineCpu.machineBusyPct, baselineCpu.serverCpu),
    },
    writerAlone: { eventsPerSec: writerAlone.eventsPerSec, commitLatencyMs: writerAlone.latencyMs, ratio: writerRatio },
    ratio: round(ratio, 2),
    target: '>= 0.7x baseline',
    met: ratio >= 0.7,
    checks,
  };
}

async function measureWriterAlone(context: Context): Promise<AppendLoopResult> {
  const { options } = context;
  const server = startServerChild(options, 'log-writer');
  try {
    const dir = join(context.root, 'log-writer');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    await waitIdle(context);
    server.send({
      type: 'log-writer',
      spec: { path: join(dir, 'log.sqlite'), appendsPerCommit: 8, eventsPerAppend: 100, ids: options.ids, tag: `${context.tag}w`, warmupMs: options.warmupMs, durationMs: options.durationMs },
    });
    return (await server.next(['log-writer-result'], loadBudget(options))).result;
  } finally {
    await stopServer(server);
  }
}

const E2E_TARGET = 10_000;
const OTHER_LOAD_WARNING = 20;

async function scenarioC(context: Context): Promise<ScenarioReport> {
  const { options } = context;
  const checks: string[] = [];
  progress(context, '(c) platform: produce batches of 100 -> WebSocket consumer -> confirm');
  const run = await withPlatform(context, 'c', async (server, port) => {
    await waitIdle(context);
    const result = await runLoad<E2eLoadResult>(
      server,
      {
        kind: 'e2e',
        port,
        batch: 100,
        concurrency: 8,
        warmupMs: options.warmupMs,
        durationMs: options.durationMs,
        producerTls: context.producer,
        consumerTls: context.consumer,
        group: `bench-${context.tag}`,
        maxBacklog: 20_000,
        confirmEvery: 100,
        stallMs: 10_000,
        tag: `${context.tag}c`,
      },
      loadBudget(options) + 60_000,
    );
    return { ...result, stored: await storedEvents(server, result.result.acceptedEvents) };
  });
  const r = run.result;
  if (r.failures > 0) context.errors.push(`(c) ${r.failures} failures: ${r.errors.join(' | ')}`);
  checkStored(context, 'c', r.acceptedEvents, run.stored, checks);
  if (r.missing > 0) context.errors.push(`(c) ${r.missing} accepted events never reached the consumer (waited ${r.drainMs} ms after producing)`);
  if (r.duplicates > 0) context.errors.push(`(c) ${r.duplicates} events were delivered more than once`);
  if (r.unexpected > 0) context.errors.push(`(c) ${r.unexpected} deliveries were not events this run had accepted`);
  checks.push(
    `consumer: ${r.receivedEvents} received, ${r.uniqueReceived} distinct ids, ${r.missing} missing, ${r.duplicates} duplicates, ` +
      `${r.unexpected} unexpected, ${r.confirms} confirms, drained ${r.drainMs} ms after producing stopped`,
  );
  return {
    name: '(c) produce -> WebSocket -> confirm',
    platform: {
      eventsPerSec: r.eventsPerSec,
      perSecond: r.perSecond,
      latencyMs: r.latencyMs,
      producedPerSec: r.producedPerSec,
      produceLatencyMs: r.produceLatencyMs,
      serverCpu: run.serverCpu,
      clientCpu: r.clientCpu,
      machineBusyPct: run.machineBusyPct,
      otherCpuPct: otherCpu(run.machineBusyPct, run.serverCpu, r.clientCpu),
      acceptedEvents: r.acceptedEvents,
      receivedEvents: r.receivedEvents,
      missing: r.missing,
      duplicates: r.duplicates,
    },
    baseline: null,
    ratio: null,
    target: `>= ${E2E_TARGET.toLocaleString('en')} events/s`,
    met: r.eventsPerSec >= E2E_TARGET,
    checks,
  };
}

// ---------------------------------------------------------------------------------------------
// output

/** Which code was measured: the commit, and whether the working tree had uncommitted changes (shared checkout). */
function codeVersion(): string {
  try {
    return execFileSync('git', ['describe', '--always', '--dirty=+uncommitted'], { cwd: here, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}

function progress(context: Context, message: string) {
  process.stderr.write(`bench: ${message}\n`);
}

function fmt(value: number | null | undefined, digits = 0): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '-';
  return value.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  return rows.map((row) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ')).join('\n');
}

function printReport(reports: ScenarioReport[], context: Context, elapsedMs: number) {
  const { options } = context;
  const out: string[] = [];
  out.push(
    `egov exchange benchmark: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), Node ${process.version}, ` +
      `${options.durationMs / 1000} s per run after ${options.warmupMs / 1000} s warm-up ((a), (b): per side, in ${options.rounds} round(s)), ~${EVENT_BYTES} B events, ${options.ids} ids, code ${codeVersion()}` +
        `${options.withoutServices ? ', platform WITHOUT its service modules' : ''}`,
    '',
  );
  const rows: string[][] = [['scenario', 'events/s', 'p50 ms', 'p99 ms', 'baseline ev/s', 'base p50', 'base p99', 'ratio', 'target', 'met']];
  for (const report of reports) {
    rows.push([
      report.name,
      fmt(report.platform.eventsPerSec),
      fmt(report.platform.latencyMs.p50, 2),
      fmt(report.platform.latencyMs.p99, 2),
      report.baseline ? fmt(report.baseline.eventsPerSec) : '-',
      report.baseline ? fmt(report.baseline.latencyMs.p50, 2) : '-',
      report.baseline ? fmt(report.baseline.latencyMs.p99, 2) : '-',
      report.ratio === null ? '-' : `${report.ratio.toFixed(2)}x`,
      report.target,
      report.met ? 'yes' : 'NO',
    ]);
  }
  out.push(table(rows), '');
  for (const report of reports) {
    out.push(`${report.name}`);
    if (report.baseline) out.push(`  baseline: ${report.baseline.name}`);
    const cpu = (label: string, measured: Measured | null) =>
      measured?.serverCpu
        ? `  ${label} CPU: ${measured.clientCpu ? 'server' : 'SQLite loop'} ${measured.serverCpu.totalPct}%` +
          ` (${fmt(serverCpuMicrosPerEvent(measured), 1)} µs per event${mainThreadText(measured.serverCpu)})` +
          `${measured.clientCpu ? `, load generator ${measured.clientCpu.totalPct}%` : ''}, other processes ${measured.otherCpuPct}% ` +
          `(whole machine ${measured.machineBusyPct}% of ${cpus().length * 100}%)`
        : null;
    for (const line of [cpu('platform', report.platform), cpu('baseline', report.baseline)]) if (line) out.push(line);
    const cpuRatio = serverCpuRatio(report);
    if (cpuRatio !== null) out.push(`  server CPU per event, platform / baseline: ${cpuRatio.toFixed(2)}x`);
    const perSecond = report.platform.perSecond as number[] | undefined;
    if (perSecond?.length) {
      const shown = perSecond.slice(0, perSecond.findLastIndex((count) => count > 0) + 1);
      out.push(`  platform events in each second: ${shown.map((count) => fmt(count)).join(' ')}`);
    }
    if (report.platform.producedPerSec !== undefined) {
      const produce = report.platform.produceLatencyMs as LatencySummary;
      out.push(`  produced ${fmt(report.platform.producedPerSec as number)} events/s, produce request p50 ${fmt(produce.p50, 2)} ms, p99 ${fmt(produce.p99, 2)} ms`);
    }
    for (const check of report.checks) out.push(`  ${check}`);
  }
  out.push('  (CPU: 100% = one core; "other processes" is the rest of the machine, e.g. other test runs; softirq not counted)', '');
  const busy = reports.flatMap((report) => [report.platform, report.baseline]).filter((m) => (m?.otherCpuPct ?? 0) > OTHER_LOAD_WARNING);
  if (busy.length > 0) {
    out.push(
      `WARNING: other processes used more than ${OTHER_LOAD_WARNING}% CPU during ${busy.length} measurement(s): ` +
        'those figures are depressed by the competition for the 2 cores; rerun on a quiet machine (or with --wait-idle 60).',
      '',
    );
  }
  if (context.errors.length > 0) {
    out.push('ERRORS:');
    for (const error of context.errors) out.push(`  ${error}`);
  } else out.push('no errors: every request answered 202, every accepted event stored (and in (c) delivered exactly once)');
  out.push(`(${round(elapsedMs / 1000, 1)} s)`);
  process.stdout.write(`${out.join('\n')}\n`);
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const started = performance.now();
  const root = mkdtempSync(join(tmpdir(), 'egov-bench-'));
  const pkiDir = join(root, 'pki');
  const clientIds = benchRegistry().clients.map((c) => c.id);
  const context: Context = {
    options,
    root,
    pkiDir,
    tag: `r${Date.now().toString(36)}`,
    errors: [],
    producer: { ca: '', cert: '', key: '' },
    consumer: { ca: '', cert: '', key: '' },
    bystander: { ca: '', cert: '', key: '' },
  };
  if (options.profileDir) mkdirSync(options.profileDir, { recursive: true });
  process.once('SIGINT', () => {
    // the children get the SIGINT too (same process group); leave no data directory behind
    rmSync(root, { recursive: true, force: true });
    process.exit(130);
  });
  const reports: ScenarioReport[] = [];
  let services: ServiceFigures = {};
  try {
    progress(context, `development PKI in ${pkiDir}`);
    ensureDevelopmentPki(pkiDir, clientIds);
    const files = pkiFiles(pkiDir);
    context.producer = { ca: files.caCert, cert: files.clientCert('demo-producer'), key: files.clientKey('demo-producer') };
    context.consumer = { ca: files.caCert, cert: files.clientCert('demo-consumer'), key: files.clientKey('demo-consumer') };
    context.bystander = { ca: files.caCert, cert: files.clientCert(BYSTANDER.id), key: files.clientKey(BYSTANDER.id) };
    const scenarios: [string, (c: Context) => Promise<ScenarioReport>][] = [
      ['a', scenarioA],
      ['b', scenarioB],
      ['c', scenarioC],
      ['d', scenarioD],
      ['e', scenarioE],
    ];
    for (const [key, scenario] of scenarios) {
      if (!options.scenarios.has(key)) continue;
      try {
        const repeated = key === 'c' ? 1 : options.pairs;
        const measured: ScenarioReport[] = [];
        for (let pair = 0; pair < repeated; pair += 1) measured.push(await scenario(context));
        reports.push(medianPair(measured));
      } catch (error) {
        context.errors.push(`(${key}) could not be measured: ${errorText(error)}`);
      }
    }
    if (!options.withoutServices) {
      const measured = await runServiceBenchmarks(options.scenarios, options.durationMs, (line) => progress(context, line));
      services = measured.figures;
      context.errors.push(...measured.errors);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  const elapsedMs = performance.now() - started;
  const referencePerSec = reports.find((report) => report.name.startsWith('(a)'))?.platform.eventsPerSec;
  if (options.json) {
    const json = {
      machine: { cores: cpus().length, cpu: cpus()[0]?.model, node: process.version },
      code: codeVersion(),
      options: {
        durationMs: options.durationMs,
        warmupMs: options.warmupMs,
        rounds: options.rounds,
        pairs: options.pairs,
        eventBytes: EVENT_BYTES,
        ids: options.ids,
        connections: options.connections,
        waitIdleMs: options.waitIdleMs,
        withoutServices: options.withoutServices,
      },
      scenarios: Object.fromEntries(
        reports.map((report) => [
          report.name.slice(1, 2),
          {
            ...report,
            serverCpuMicrosPerEvent: {
              platform: round(serverCpuMicrosPerEvent(report.platform), 1),
              baseline: report.baseline ? round(serverCpuMicrosPerEvent(report.baseline), 1) : null,
              ratio: serverCpuRatio(report),
            },
          },
        ]),
      ),
      services,
      ok: context.errors.length === 0,
      errors: context.errors,
      busyMachine: reports.some((report) => [report.platform, report.baseline].some((m) => (m?.otherCpuPct ?? 0) > OTHER_LOAD_WARNING)),
      elapsedMs: round(elapsedMs, 0),
    };
    process.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
  } else {
    printReport(reports, context, elapsedMs);
    const serviceLines = formatServiceFigures(services, referencePerSec);
    if (serviceLines.length > 0) process.stdout.write(`\n${serviceLines.join('\n')}\n`);
  }
  process.exitCode = context.errors.length > 0 ? 1 : 0;
}

main().catch((error) => {
  process.stderr.write(`bench failed: ${errorText(error)}\n`);
  process.exitCode = 1;
});
