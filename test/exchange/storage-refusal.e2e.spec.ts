import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { openSqliteEventStore } from '../../src/platform/event-store/sqlite-event-store';
import type { HttpResponse } from '../support/https-client';
import { ServerProcess } from '../support/server-process';
import { BATCH, STRUCTURED, demoEvent } from '../support/test-platform';

const FILE_SIZE_LIMIT = 8 * 1024 * 1024;
const BATCH_SIZE = 10;

/**
 * The platform as its own process with a file size limit: once the log's files reach it, every write
 * fails with EFBIG, as on a full disk, and SQLite refuses the commit (an I/O error).
 */
describe('Exchange: a log whose storage refuses writes (e2e, server process with a file size limit)', function () {
  this.timeout(120_000);
  let dataDir: string;
  let server: ServerProcess;

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'egov-storage-'));
    server = new ServerProcess(dataDir, await ServerProcess.freePort(), FILE_SIZE_LIMIT);
    await server.start();
  });
  after(async () => {
    await server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 with Retry-After, stores nothing of the refused batch, keeps every accepted one and goes on serving', async () => {
    const producer = server.client('demo-producer');
    const accepted: string[] = [];
    let refused: { batchId: string; response: HttpResponse } | undefined;
    for (let n = 0; n < 100 && !refused; n += 1) {
      const batchId = `full-${n}`;
      const batch = Array.from({ length: BATCH_SIZE }, (_, index) => demoEvent({ id: `${batchId}-${index}`, type: 'demo.blob', data: { padding: 'x'.repeat(60_000) } }));
      const response = await producer.post('/ce/produce/events', { headers: BATCH, body: JSON.stringify(batch) });
      if (response.status === 202) accepted.push(batchId);
      else refused = { batchId, response };
    }
    expect(accepted.length, 'batches accepted before the limit').to.be.greaterThan(3);
    expect(refused, 'a batch refused once the log reached the limit').to.not.equal(undefined);
    const { response } = refused!;
    expect(response.status).to.equal(503);
    expect(response.headers['retry-after']).to.equal('10');
    expect(response.headers['content-type']).to.match(/^application\/problem\+json/);
    expect(response.json()).to.include({ status: 503, title: 'Service Unavailable', instance: '/ce/produce/events' });
    expect(response.json().traceId).to.be.a('string');
    expect(response.json().detail, 'no internal detail').to.not.match(/SQLITE|I\/O|\//);

    // the refused commit makes the bridge unhealthy, until a commit succeeds (or 30 s pass)
    const probe = server.client('demo-consumer');
    const health = await probe.get('/api/v1/health');
    expect(health.status).to.equal(503);
    expect(health.json()).to.include({ status: 503, title: 'Service Unavailable' });
    expect(health.json().errors).to.deep.equal({ eventLog: ['cannot store events now'] });
    expect(health.text, 'no internal detail').to.not.match(/SQLITE|I\/O/);

    // a small event may still fit below the limit where the batch did not: stored if accepted, else refused alike
    const single = await producer.post('/ce/produce/event', { headers: STRUCTURED, body: JSON.stringify(demoEvent({ id: 'after-full' })) });
    expect([202, 503]).to.include(single.status);
    expect((await probe.get('/api/v1/health')).status, 'healthy again once a commit succeeded').to.equal(single.status === 202 ? 200 : 503);
    probe.close();
    expect((await producer.get('/ce/tools/my-settings')).status, 'requests that write nothing are served').to.equal(200);
    producer.close();

    await server.stop();
    const log = openSqliteEventStore(join(dataDir, 'events.sqlite'));
    const stored = new Map<string, number>();
    for (const { event } of await log.readAll({ after: 0, limit: 1_000_000 })) stored.set(event.id, (stored.get(event.id) ?? 0) + 1);
    await log.close();
    for (const batchId of accepted) {
      for (let index = 0; index < BATCH_SIZE; index += 1) expect(stored.get(`${batchId}-${index}`), `${batchId}-${index}`).to.equal(1);
    }
    for (let index = 0; index < BATCH_SIZE; index += 1) expect(stored.has(`${refused!.batchId}-${index}`), `${refused!.batchId}-${index}`).to.equal(false);
    expect(stored.get('after-full') ?? 0).to.equal(single.status === 202 ? 1 : 0);
  });
});
