import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { OutboxConflictError, type EgovClient } from '../../src/sdk/index';
import { pkiFiles } from '../../src/platform/identity/pki';
import { ServerProcess } from '../support/server-process';
import { producedBy, sdkClient } from '../support/sdk-clients';
import { TestPlatform, demoEvent } from '../support/test-platform';

describe('SDK: producing through an outbox (e2e over mTLS)', () => {
  let folder: string;
  beforeEach(() => (folder = mkdtempSync(join(tmpdir(), 'egov-outbox-'))));
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  describe('with the platform up', () => {
    let platform: TestPlatform;
    let producer: EgovClient;
    before(async () => {
      platform = await TestPlatform.start();
      producer = sdkClient(platform, 'demo-producer');
    });
    after(async () => {
      await producer.close();
      await platform.stop();
    });
    const storedIds = async () => (await producedBy(platform, 'demo-producer')).map((stored) => stored.event.id);

    it('sends what was added, in order, in batches, and an event added twice once', async () => {
      const outbox = producer.outbox(join(folder, 'outbox.sqlite'), { batchSize: 4 }).start();
      const events = Array.from({ length: 10 }, () => demoEvent());
      let requests = 0;
      outbox.on('sent', () => (requests += 1));
      expect(outbox.add(events)).to.equal(10);
      expect(outbox.add(events[3])).to.equal(0);
      await outbox.flushed();
      await outbox.close();
      expect((await storedIds()).filter((id) => events.some((event) => event.id === id))).to.deep.equal(events.map((event) => event.id));
      expect(requests).to.equal(3);
    });

    it('refuses at once an event whose source and id it holds with other content', async () => {
      const outbox = producer.outbox(join(folder, 'outbox.sqlite'));
      const event = demoEvent();
      outbox.add(event);
      expect(() => outbox.add([demoEvent(), { ...event, data: { orderId: 12345 } }])).to.throw(OutboxConflictError);
      expect(outbox.waiting()).to.equal(1);
      await outbox.close();
    });

    it('keeps what a stopped producer added, and sends it when the next run opens the file', async () => {
      const file = join(folder, 'outbox.sqlite');
      const events = [demoEvent(), demoEvent()];
      const firstRun = producer.outbox(file);
      firstRun.add(events);
      await firstRun.close();

      const secondRun = producer.outbox(file).start();
      await secondRun.flushed();
      await secondRun.close();
      expect(await storedIds()).to.include.members(events.map((event) => event.id));
    });

    it('sets aside an event the exchange refuses for good, and sends the rest of its batch', async () => {
      const outbox = producer.outbox(join(folder, 'outbox.sqlite')).start();
      const refused: string[] = [];
      outbox.on('rejected', (row) => refused.push(`${row.id}: ${row.problem.split(':')[0]}`));
      const [good, bad, alsoGood] = [demoEvent(), demoEvent({ type: 'not.allowed' }), demoEvent()];
      outbox.add([good, bad, alsoGood]);
      await outbox.flushed();
      expect(refused).to.deep.equal([`${bad.id}: 401 Unauthorized`]);
      expect(outbox.rejected().map((row) => row.id)).to.deep.equal([bad.id]);
      expect(await storedIds()).to.include.members([good.id, alsoGood.id]);
      await outbox.close();
    });
  });

  describe('while the platform is down', function () {
    this.timeout(90_000);
    let server: ServerProcess;
    let dataDir: string;
    beforeEach(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'egov-outbox-platform-'));
      server = new ServerProcess(dataDir, await ServerProcess.freePort());
      await server.start();
    });
    afterEach(async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('retries with back-off, and drains once the platform is back', async () => {
      const producer = sdkClient({ baseUrl: `https://localhost:${server.port}`, pki: pkiFiles(join(dataDir, 'pki')) }, 'demo-producer');
      const outbox = producer.outbox(join(folder, 'outbox.sqlite'), { backoff: { initialMs: 100, maxMs: 1000 } }).start();
      const failures: string[] = [];
      outbox.on('retrying', (error) => failures.push(error.message));
      await server.stop();

      const events = Array.from({ length: 5 }, () => demoEvent());
      outbox.add(events);
      while (failures.length < 2) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(failures[0]).to.match(/connection refused/);
      expect(outbox.waiting()).to.equal(5);

      await server.start();
      await outbox.flushed();
      await outbox.close();
      await producer.close();
      const auditor = server.client('demo-auditor');
      const log = (await auditor.get('/api/v1/audit/events', { query: { type: 'demo.order.created' } })).json();
      auditor.close();
      expect(log.items.map((item: { event: { id: string } }) => item.event.id)).to.deep.equal(events.map((event) => event.id));
    });
  });
});
