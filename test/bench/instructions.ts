/**
 * npx tsx test/bench/instructions.ts [--servers bare,platform] [--requests <n>] [--warmup <n>] [--connections <n>] [--top <n>] [--keep]
 *
 * Instructions per request of (a)'s single-event produce, counted by valgrind's callgrind in the server
 * process, per thread: the platform and the bare HTTPS server of (a)'s baseline, driven alike by the
 * benchmark's raw client. Counts of instructions do not move with the other work on the machine or with
 * its clock, where (a)'s events/s on a shared 2-core machine do by tens of percent from minute to
 * minute, so a change to the produce path can be measured in them. They are not time (see the caveats
 * in test/bench/README.md). A diagnostic, not a benchmark: under valgrind the server runs one thread at
 * a time and some 50 times slower, so commits group fewer events than at full speed and per-commit work
 * weighs more; and V8 compiles on timing, so counts vary by a few percent between runs. Compare runs
 * made with the same options.
 *
 * The server is started under callgrind with instrumentation off, warmed up with `--warmup` requests
 * (so V8 has optimized the hot path), then counted over `--requests` requests (callgrind_control
 * switches the count on and off by process id). With --top <n>, the n functions of the main thread that
 * executed most instructions themselves are listed (V8's builtins and runtime by their symbols,
 * JavaScript by the name and place V8's perf map, --perf-basic-prof, gives its compiled code), then the n
 * JavaScript functions that did most with what they called. With --keep, callgrind's files stay, one per thread (the
 * main thread's ends in -01), for callgrind_annotate, with V8's perf map (perf.map) where --top was given.
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEVELOPMENT_REGISTRY } from '../../src/platform-app';
import { ensureDevelopmentPki, pkiFiles } from '../../src/platform/identity/pki';
import { eventJson, type ServerCommand, type ServerMessage } from './common';
import { RawHttpsConnection } from './raw-client';

const { values } = parseArgs({
  options: {
    servers: { type: 'string', default: 'bare,platform' },
    requests: { type: 'string', default: '2000' },
    warmup: { type: 'string', default: '8000' },
    connections: { type: 'string', default: '64' },
    keep: { type: 'boolean', default: false },
    top: { type: 'string', default: '0' },
  },
});
const servers = values.servers.split(',') as ('bare' | 'platform')[];
const requests = Number(values.requests);
const warmup = Number(values.warmup);
const connections = Number(values.connections);
const top = Number(values.top);
const SERVER = fileURLToPath(new URL('./server.ts', import.meta.url));
const REQUEST_TIMEOUT_MS = 120_000;

const root = mkdtempSync(join(tmpdir(), 'egov-instructions-'));
const pkiDir = join(root, 'pki');
const clientIds = (JSON.parse(readFileSync(DEVELOPMENT_REGISTRY, 'utf8')) as { clients: { id: string }[] }).clients.map((client) => client.id);
ensureDevelopmentPki(pkiDir, clientIds);
const files = pkiFiles(pkiDir);
const producerTls = { ca: readFileSync(files.caCert), cert: readFileSync(files.clientCert('demo-producer')), key: readFileSync(files.clientKey('demo-producer')) };

/** The server process under callgrind, counting nothing until told to; its IPC channel as in npm run bench. */
function startUnderCallgrind(outDir: string): ChildProcess {
  return fork(SERVER, [], {
    execPath: 'valgrind',
    execArgv: [
      '--tool=callgrind',
      '--instr-atstart=no',
      '--separate-threads=yes',
      '--smc-check=all-non-file',
      `--log-file=${join(outDir, 'valgrind.log')}`,
      `--callgrind-out-file=${join(outDir, 'callgrind.out.%p')}`,
      process.execPath,
      ...(top > 0 ? ['--perf-basic-prof'] : []),
      ...process.execArgv,
    ],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
}

function nextMessage(child: ChildProcess, type: ServerMessage['type']): Promise<ServerMessage> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: ServerMessage) => {
      if (message.type === 'fatal') reject(new Error(`server failed: ${(message as { error: string }).error}`));
      else if (message.type === type) {
        child.off('message', onMessage);
        resolve(message);
      }
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`server exited (${code}) while waiting for ${type}`)));
  });
}

let sequence = 0;
/** `count` single-event produce requests over `connections` keep-alive connections; all must get 202. */
async function produce(pool: RawHttpsConnection[], count: number): Promise<void> {
  let remaining = count;
  const time = new Date().toISOString();
  await Promise.all(
    pool.map(async (connection) => {
      while (remaining > 0) {
        remaining -= 1;
        const response = await connection.post('/ce/produce/event', 'application/cloudevents+json', eventJson('instructions', sequence++, Date.now(), time));
        if (response.status !== 202) throw new Error(`HTTP ${response.status}: ${response.body.slice(0, 300)}`);
      }
    }),
  );
}

/** Instructions (Ir) counted in each thread, from callgrind's dump files (one per thread, ".<part>-<thread>"). */
function instructionsByThread(outDir: string): { thread: number; count: number }[] {
  return readdirSync(outDir)
    .map((file) => ({ thread: Number(/-(\d+)$/.exec(file)?.[1] ?? 0), count: Number(/^totals: (\d+)/m.exec(readFileSync(join(outDir, file), 'utf8'))?.[1] ?? 0) }))
    .filter(({ thread, count }) => thread > 0 && count > 0)
    .sort((a, b) => a.thread - b.thread);
}

async function measure(kind: 'bare' | 'platform'): Promise<string> {
  const outDir = join(root, `callgrind-${kind}`);
  mkdirSync(outDir);
  const server = startUnderCallgrind(outDir);
  try {
    const ready = nextMessage(server, 'ready');
    if (kind === 'bare') {
      server.send({ type: 'start-https-baseline', tls: { cert: files.serverCert, key: files.serverKey, ca: files.caCert } } satisfies ServerCommand);
    } else {
      const dataDir = join(root, 'platform-data');
      cpSync(pkiDir, join(dataDir, 'pki'), { recursive: true });
      server.send({ type: 'start-platform', dataDir, withoutServices: false } satisfies ServerCommand);
    }
    const { port } = (await ready) as { port: number };
    const pool = Array.from({ length: connections }, () => new RawHttpsConnection(port, producerTls, REQUEST_TIMEOUT_MS));
    await produce(pool, warmup);
    execFileSync('callgrind_control', ['--instr=on', String(server.pid)], { stdio: 'ignore' });
    await produce(pool, requests);
    execFileSync('callgrind_control', ['--instr=off', String(server.pid)], { stdio: 'ignore' });
    execFileSync('callgrind_control', ['--dump', String(server.pid)], { stdio: 'ignore' });
    for (const connection of pool) connection.close();
  } finally {
    server.kill('SIGKILL');
  }
  const byThread = instructionsByThread(outDir);
  const perRequest = (count: number) => Math.round(count / requests).toLocaleString('en-US');
  const total = byThread.reduce((sum, { count }) => sum + count, 0);
  // thread 1 is the main thread; of the others (the log's writer, V8's compiler and GC helpers, libuv's
  // pool) those with at least 2% of the total are named by number
  const main = byThread.find(({ thread }) => thread === 1)?.count ?? 0;
  const shown = byThread.filter(({ thread, count }) => thread !== 1 && count >= total * 0.02);
  const rest = total - main - shown.reduce((sum, { count }) => sum + count, 0);
  const threads = [...shown.map(({ thread, count }) => `thread ${thread} ${perRequest(count)}`), `rest ${perRequest(rest)}`].join(', ');
  const summary = `${kind.padEnd(8)} ${perRequest(total).padStart(9)}  main thread ${perRequest(main).padStart(9)}  (${threads})`;
  if (top === 0) return summary;
  const mainFile = join(outDir, readdirSync(outDir).find((file) => file.endsWith('-01'))!);
  const perfMap = `/tmp/perf-${server.pid}.map`;
  const names = perfMapNames(perfMap);
  if (values.keep) cpSync(perfMap, join(outDir, 'perf.map'));
  rmSync(perfMap, { force: true });
  const listing = (inclusive: boolean) =>
    topFunctions(mainFile, inclusive, top, names).map(({ count, name }) => `  ${perRequest(count).padStart(8)}  ${name}`);
  return [summary, 'main thread, instructions per request in the function itself:', ...listing(false), 'JavaScript, with what it called:', ...listing(true)].join('\n');
}

/**
 * The first `count` functions of callgrind_annotate's listing, JavaScript named from V8's perf map; with
 * `inclusive` only JavaScript, as native frames that merely pass calls on (the event loop, TLS) lead that list.
 */
function topFunctions(file: string, inclusive: boolean, count: number, names: (address: number) => string | undefined) {
  const listing = execFileSync('callgrind_annotate', [`--inclusive=${inclusive ? 'yes' : 'no'}`, '--threshold=100', file], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const rows: { count: number; name: string }[] = [];
  for (const line of listing.split('\n')) {
    const row = /^\s*([\d,]+) \([\s\d.]+%\)\s+(.+)$/.exec(line);
    if (!row || row[2].startsWith('PROGRAM TOTALS') || row[2].includes("'")) continue; // ' marks a recursive call, counted already
    const address = /^\?\?\?:0x([0-9a-f]+)/.exec(row[2]);
    const name = address ? (names(parseInt(address[1], 16)) ?? row[2]) : row[2].replace(/ \[[^\]]*\]$/, '').replace(/^\?\?\?:/, '');
    if (inclusive && !name.startsWith('JS:')) continue;
    rows.push({ count: Number(row[1].replaceAll(',', '')), name: name.length > 140 ? `${name.slice(0, 137)}...` : name });
    if (rows.length === count) break;
  }
  return rows;
}

/** Code address -> what V8's perf map (--perf-basic-prof) says is there: "JS:*name file:line:column". */
function perfMapNames(path: string): (address: number) => string | undefined {
  const entries = readFileSync(path, 'utf8')
    .split('\n')
    .map((line) => /^([0-9a-f]+) ([0-9a-f]+) (.*)$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ start: parseInt(match[1], 16), size: parseInt(match[2], 16), name: match[3] }))
    .sort((a, b) => a.start - b.start);
  return (address) => {
    let low = 0;
    let high = entries.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (entries[middle].start <= address) low = middle + 1;
      else high = middle - 1;
    }
    const entry = entries[high];
    return entry && address < entry.start + entry.size ? entry.name : undefined;
  };
}

try {
  console.log(`instructions per request (callgrind), ${requests} requests after ${warmup} of warm-up, ${connections} connections`);
  console.log('server       total');
  for (const kind of servers) console.log(await measure(kind));
} finally {
  if (values.keep) console.log(`callgrind's files: ${root}/callgrind-<server>/`);
  else rmSync(root, { recursive: true, force: true });
}
