/**
 * Event-logging benchmark over mTLS: events registered per second (one unsigned event per request,
 * one signed event per request, batches of 100 per request) and searches per second (by time range:
 * one hour of the day the stored events cover, with a filter; and by UID), each search itself logged.
 * Client and server share this process: the figures are lower bounds for a separate client.
 * Run directly (npx tsx test/bench/eventlog.ts) or call benchEventLog().
 */
import { pathToFileURL } from 'node:url';
import { TestPlatform } from '../support/test-platform';
import { clientSigner } from '../eventlog/eventlog-test-kit';

export type Rate = { perSec: number; requests: number; failures: number; p50Ms: number; p99Ms: number };
export type EventLogBenchFigures = {
  registerSingle: Rate;
  registerSigned: Rate;
  /** events (not requests) per second, 100 per request */
  registerBatchOf100: Rate;
  searchTimeRange: Rate;
  searchByUid: Rate;
  storedEvents: number;
  concurrency: number;
  durationMs: number;
};

export async function benchEventLog(options: { durationMs?: number; concurrency?: number } = {}): Promise<EventLogBenchFigures> {
  const durationMs = options.durationMs ?? 4000;
  const concurrency = options.concurrency ?? 16;
  const platform = await TestPlatform.start();
  try {
    const client = platform.client('demo-institution');
    const signer = clientSigner(platform, 'demo-institution');
    let sequence = 0;
    const event = () => ({ event_time: new Date(Date.UTC(2024, 0, 1) + (++sequence % 86_400) * 1000).toISOString(), event_type: 'Bench.Case.Updated', case: `c-${sequence % 500}`, user: '2000000000011', event_message: 'benchmark event' });
    const uids: string[] = [];
    const post = async (body: string) => {
      const response = await client.post('/register', { body });
      if (response.status === 200 && uids.length < 1000) uids.push(response.json().UID);
      return response.status === 200;
    };
    const registerSingle = await measure(durationMs, concurrency, () => post(JSON.stringify(event())));
    const registerSigned = await measure(durationMs, concurrency, () => post(signer.sign(event())));
    const batch = await measure(durationMs, Math.max(1, concurrency / 4), () => post(JSON.stringify(Array.from({ length: 100 }, event))));
    const registerBatchOf100 = { ...batch, perSec: batch.perSec * 100 };
    const query = { legal_basis: 'benchmark', event_time_from: '2024-01-01T00:00:00Z', event_time_to: '2024-01-01T01:00:00Z', page_size: 50 };
    let n = 0;
    const searchTimeRange = await measure(durationMs, concurrency, async () => (await client.get('/query', { query: { ...query, filter: `case=c-${++n % 500}` } })).status === 200);
    const searchByUid = await measure(durationMs, concurrency, async () => (await client.get(`/query/${uids[++n % uids.length]}`)).status === 200);
    return { registerSingle, registerSigned, registerBatchOf100, searchTimeRange, searchByUid, storedEvents: sequence, concurrency, durationMs };
  } finally {
    await platform.stop();
  }
}

/** Calls `call` from `concurrency` loops for `durationMs`: successes per second and their latency (failures counted apart). */
export async function measure(durationMs: number, concurrency: number, call: () => Promise<boolean>): Promise<Rate> {
  const latencies: number[] = [];
  let failures = 0;
  const deadline = Date.now() + durationMs;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < deadline) {
        const sentAt = performance.now();
        if (await call()) latencies.push(performance.now() - sentAt);
        else failures += 1;
      }
    }),
  );
  const elapsed = Date.now() - started;
  latencies.sort((a, b) => a - b);
  const at = (share: number) => Math.round((latencies[Math.floor(latencies.length * share)] ?? 0) * 100) / 100;
  return { perSec: Math.round((latencies.length * 1000) / elapsed), requests: latencies.length + failures, failures, p50Ms: at(0.5), p99Ms: at(0.99) };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await benchEventLog();
  console.log(JSON.stringify({ eventlog: figures }, null, 2));
  process.exit(0);
}
