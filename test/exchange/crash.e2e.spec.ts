import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { BATCH, STRUCTURED, demoEvent } from '../support/test-platform';
import { ServerProcess } from '../support/server-process';

const BATCH_SIZE = 10;

describe('Exchange: durability across SIGKILL (e2e, separate server process)', function () {
  this.timeout(120_000);
  let dataDir: string;
  let server: ServerProcess;

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'egov-crash-'));
    server = new ServerProcess(dataDir, await ServerProcess.freePort());
    await server.start();
  });
  after(async () => {
    await server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every event that got a 202 exactly once, and no batch half stored', async () => {
    const producer = server.client('demo-producer');
    const acceptedSingles = new Set<string>();
    const acceptedBatches = new Set<string>();
    const attemptedBatches: string[] = [];
    let stop = false;

    const singleProducer = async (worker: number) => {
      for (let n = 0; !stop && n < 100_000; n += 1) {
        const event = demoEvent({ id: `single-${worker}-${n}` });
        try {
          const response = await producer.post('/ce/produce/event', { headers: STRUCTURED, body: JSON.stringify(event) });
          if (response.status === 202) acceptedSingles.add(event.id);
        } catch {
          return; // the server died under this request
        }
      }
    };
    const batchProducer = async (worker: number) => {
      for (let n = 0; !stop && n < 100_000; n += 1) {
        const batchId = `batch-${worker}-${n}`;
        attemptedBatches.push(batchId);
        const batch = Array.from({ length: BATCH_SIZE }, (_, index) => demoEvent({ id: `${batchId}-${index}` }));
        try {
          const response = await producer.post('/ce/produce/events', { headers: BATCH, body: JSON.stringify(batch) });
          if (response.status === 202) acceptedBatches.add(batchId);
        } catch {
          return;
        }
      }
    };

    const producers = [0, 1, 2, 3].map(singleProducer).concat([0, 1, 2, 3].map(batchProducer));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await server.kill();
    stop = true;
    await Promise.all(producers);
    producer.close();
    expect(acceptedSingles.size + acceptedBatches.size, 'some requests were accepted before the kill').to.be.greaterThan(10);

    await server.start();
    const consumer = server.client('demo-consumer');
    const created = await consumer.post('/ce/consumers', { query: { group: 'after-crash' } });
    const instance = new URL(created.headers.location as string).pathname;
    const seen = new Map<string, number>();
    for (;;) {
      const response = await consumer.get(`${instance}/events`);
      if (response.status === 204) break;
      for (const event of response.json()) seen.set(event.id, (seen.get(event.id) ?? 0) + 1);
      await consumer.post(`${instance}/confirm`);
    }
    consumer.close();

    for (const id of acceptedSingles) expect(seen.get(id), id).to.equal(1);
    for (const batchId of attemptedBatches) {
      const stored = Array.from({ length: BATCH_SIZE }, (_, index) => seen.get(`${batchId}-${index}`) ?? 0);
      const count = stored.reduce((sum, n) => sum + n, 0);
      expect([0, BATCH_SIZE], `${batchId} stored ${count} of ${BATCH_SIZE}`).to.include(count);
      if (acceptedBatches.has(batchId)) expect(count, batchId).to.equal(BATCH_SIZE);
    }
    for (const [id, count] of seen) expect(count, `${id} delivered once`).to.equal(1);
  });
});
