/**
 * npx tsx test/bench/store-append.ts [--appenders <n>] [--duration <s>]
 *
 * The embedded event store alone, as (a) uses it: `appenders` concurrent callers, each appending one
 * ~600 B event and appending the next once the previous is durable. Prints appends/s and the CPU each
 * thread spent per append (main thread, the log's writer thread, the rest), read from /proc, so a change
 * to the append path can be measured without HTTP, TLS and a load generator in the way. A diagnostic,
 * not a target: `npm run bench` is the benchmark.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openSqliteEventStore } from '../../src/platform/event-store/sqlite-event-store';
import { eventJson } from './common';

const { values } = parseArgs({ options: { appenders: { type: 'string', default: '25' }, duration: { type: 'string', default: '5' } } });
const appenders = Number(values.appenders);
const durationMs = Number(values.duration) * 1000;
const WARMUP_MS = 1000;
const CLOCK_TICK_US = 10_000; // /proc/<pid>/task/<tid>/stat counts CPU in ticks of 1/100 s on Linux

/** CPU ticks (user + system) of every thread of this process, by thread id. */
function threadTicks(): Map<number, number> {
  const ticks = new Map<number, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks.set(Number(tid), Number(fields[11]) + Number(fields[12]));
  }
  return ticks;
}

const directory = mkdtempSync(join(tmpdir(), 'egov-store-append-'));
const store = openSqliteEventStore(join(directory, 'events.sqlite'));
const time = new Date().toISOString();
let sequence = 0;
let counted = 0;
let counting = false;
let stopping = false;

async function appender(): Promise<void> {
  while (!stopping) {
    const event = JSON.parse(eventJson('store-append', sequence++, Date.now(), time));
    await store.append('exchange-demo-producer', [{ event, producer: 'demo-producer' }]);
    if (counting) counted += 1;
  }
}

const running = Array.from({ length: appenders }, appender);
await new Promise((resolve) => setTimeout(resolve, WARMUP_MS));
const before = threadTicks();
const startedAt = performance.now();
counting = true;
await new Promise((resolve) => setTimeout(resolve, durationMs));
counting = false;
const seconds = (performance.now() - startedAt) / 1000;
const after = threadTicks();
stopping = true;
await Promise.all(running);
await store.close();
rmSync(directory, { recursive: true, force: true });

const usedUs = [...after].map(([tid, ticks]) => ({ tid, us: (ticks - (before.get(tid) ?? 0)) * CLOCK_TICK_US }));
const main = usedUs.find(({ tid }) => tid === process.pid)?.us ?? 0;
const others = usedUs.filter(({ tid }) => tid !== process.pid).sort((a, b) => b.us - a.us);
// the writer thread is the busiest thread besides the main one; the rest are V8's and libuv's helpers
const writer = others[0]?.us ?? 0;
const rest = others.slice(1).reduce((sum, { us }) => sum + us, 0);
const line = (name: string, us: number) => `  ${name.padEnd(14)} ${((us / 1e6 / seconds) * 100).toFixed(0).padStart(4)}%  ${(us / counted).toFixed(1).padStart(6)} µs per append`;
console.log(`${appenders} appenders, ${seconds.toFixed(1)} s: ${Math.round(counted / seconds).toLocaleString('en-US')} appends/s`);
console.log(line('main thread', main));
console.log(line('writer thread', writer));
console.log(line('other threads', rest));
console.log('(CPU: 100% = one core; /proc counts in 10 ms ticks, so run for seconds, not less)');
