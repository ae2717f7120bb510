import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'chai';
import { LOG_ENTRIES } from '../../projections/eventlog/log-entries';
import { runCli } from '../support/cli-process';
import { ServerProcess } from '../support/server-process';

describe('Replay of read models from the log (npm run replay, e2e)', function () {
  this.timeout(120_000);
  let dataDir: string;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'egov-replay-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('rebuilds a lost read model: a registered event is found again after the replay', async () => {
    const server = new ServerProcess(dataDir, await ServerProcess.freePort());
    await server.start();
    const registered = await server.client('demo-institution').post('/register', {
      body: JSON.stringify({ event_time: '2026-11-23T10:00:00Z', event_type: 'Demo.Case.Opened', case: 'c-1' }),
    });
    expect(registered.status, registered.text).to.equal(200);
    const uid = registered.json<{ UID: string }>().UID;
    expect((await server.client('demo-institution').get(`/query/${uid}`)).status).to.equal(200);
    await server.stop();

    // the read model is lost; its checkpoint is not, so a restart alone does not bring the entry back
    const readModels = new Database(join(dataDir, 'read-models.sqlite'));
    readModels.exec(`DELETE FROM c_${LOG_ENTRIES}`);
    readModels.close();
    await server.start();
    expect((await server.client('demo-institution').get(`/query/${uid}`)).status).to.equal(404);
    await server.stop();

    const replay = await runCli('replay', dataDir, ['eventlog-entries']);
    expect(replay.code, replay.stderr).to.equal(0);
    expect(replay.stderr).to.match(/eventlog-entries: \d+ events applied/);
    expect(replay.stderr).to.match(/replayed 1 projection\(s\)/);

    await server.start();
    try {
      const found = await server.client('demo-institution').get(`/query/${uid}`);
      expect(found.status, found.text).to.equal(200);
      expect(found.text).to.contain('Demo.Case.Opened');
    } finally {
      await server.stop();
    }
  });

  it('names the known projections when asked for an unknown one (exit 2)', async () => {
    const replay = await runCli('replay', dataDir, ['no-such-projection']);
    expect(replay.code).to.equal(2);
    expect(replay.stderr).to.contain('unknown projection(s): no-such-projection');
    expect(replay.stderr).to.contain('eventlog-entries');
  });
  it('refuses a DATA_DIR that holds no event log (a mistyped one), creating nothing (exit 2)', async () => {
    const mistyped = `${dataDir}-mistyped`;
    const replay = await runCli('replay', mistyped, []);
    expect(replay.code).to.equal(2);
    expect(replay.stderr).to.contain(`${mistyped} holds no event log`);
    expect(existsSync(mistyped)).to.equal(false);
  });
  it('refuses to run while the platform holds the same DATA_DIR (exit 2), and runs once it stopped', async () => {
    const server = new ServerProcess(dataDir, await ServerProcess.freePort());
    await server.start();
    try {
      const refused = await runCli('replay', dataDir, []);
      expect(refused.code).to.equal(2);
      expect(refused.stderr).to.contain(`DATA_DIR ${dataDir} is in use by another platform process`);
    } finally {
      await server.stop();
    }
    expect((await runCli('replay', dataDir, ['eventlog-entries'])).code).to.equal(0);
  });
});
