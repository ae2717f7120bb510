/**
 * npx tsx test/bench/large-events.ts [--events 2000] [--kb 500] [--groups 4]
 *
 * A diagnostic of memory, not a benchmark with a target: on a fresh data directory, produces `events`
 * single events of `kb` KB each (8 producers at once), then opens `groups` new long-polling consumer
 * groups that read all of them from the start, confirming as they read. Prints the bridge's peak
 * resident memory (VmHWM of its process, reset between the two phases) and how long each phase took.
 * What the bridge holds of the log is bounded by size (docs/decisions.md): this is how to see it.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ServerProcess } from '../support/server-process';

const { values } = parseArgs({ options: { events: { type: 'string', default: '2000' }, kb: { type: 'string', default: '500' }, groups: { type: 'string', default: '4' } } });
const [events, kb, groups] = [Number(values.events), Number(values.kb), Number(values.groups)];

const megabytes = (pid: number, field: string) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((entry) => entry.startsWith(`${field}:`));
  return Math.round(Number(/(\d+) kB/.exec(line ?? '')?.[1] ?? NaN) / 1024);
};
/** Linux: writing 5 to clear_refs sets the peak (VmHWM) back to what is resident now. */
const resetPeak = (pid: number) => writeFileSync(`/proc/${pid}/clear_refs`, '5');

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'egov-large-events-'));
  const server = new ServerProcess(dataDir, await ServerProcess.freePort());
  await server.start();
  try {
    const pid = server.pid!;
    const producer = server.client('demo-producer');
    const pad = 'x'.repeat(kb * 1024);
    resetPeak(pid);
    let started = Date.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < events) {
          const body = JSON.stringify({ specversion: '1.0', id: `large-${next}`, source: 'urn:demo:producer', type: 'demo.large', data: { seq: next++, pad } });
          const response = await producer.post('/ce/produce/event', { headers: { 'content-type': 'application/cloudevents+json' }, body });
          if (response.status !== 202) throw new Error(`produce answered ${response.status}: ${response.text}`);
        }
      }),
    );
    console.log(`produced ${events} events of ${kb} KB in ${((Date.now() - started) / 1000).toFixed(1)} s; bridge peak RSS ${megabytes(pid, 'VmHWM')} MB`);

    resetPeak(pid);
    started = Date.now();
    const consumer = server.client('demo-consumer');
    await Promise.all(
      Array.from({ length: groups }, async (_, group) => {
        const created = await consumer.post('/ce/consumers', { query: { group: `large-${group}` } });
        if (created.status !== 201) throw new Error(`creating a consumer answered ${created.status}: ${created.text}`);
        const instance = new URL(created.headers.location as string).pathname;
        for (let received = 0; received < events; ) {
          const response = await consumer.get(`${instance}/events`, { query: { confirm: true } });
          if (response.status === 200) received += (response.json() as { type: string }[]).filter((event) => event.type === 'demo.large').length;
          else if (response.status !== 204) throw new Error(`reading answered ${response.status}: ${response.text}`);
        }
      }),
    );
    console.log(`${groups} groups read all of them in ${((Date.now() - started) / 1000).toFixed(1)} s; bridge peak RSS ${megabytes(pid, 'VmHWM')} MB`);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
