import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { projectRoot } from '../../src/platform/project-paths';
import { ServerProcess } from '../support/server-process';

/** `src/main.ts` (what `npm start` runs) with extra environment: its exit code and what it wrote to stderr. */
function startMain(env: Record<string, string>, dataDir: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(projectRoot, 'src/main.ts')], {
      cwd: projectRoot,
      env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe('npm start with a setting it cannot run with (e2e)', () => {
  let dataDir: string;
  beforeEach(() => (dataDir = mkdtempSync(join(tmpdir(), 'egov-config-'))));
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('stops with exit code 2 and one line naming the variable, for a platform and for a service setting', async () => {
    const platform = await startMain({ EXCHANGE_GROUP_SHARDS: '0' }, dataDir);
    expect(platform.code).to.equal(2);
    expect(platform.stderr.trim()).to.equal('configuration: EXCHANGE_GROUP_SHARDS must be an integer from 1 up, got "0" (docs/configuration.md)');

    // read when the booking service starts, after the stores are open: still one line and exit 2, no stack trace
    const service = await startMain({ BOOKING_SWEEP_INTERVAL_MS: 'abc' }, dataDir);
    expect(service.code).to.equal(2);
    expect(service.stderr.trim()).to.equal(
      'configuration: BOOKING_SWEEP_INTERVAL_MS must be an integer from 10 to 2147483647, got "abc" (docs/configuration.md)',
    );

    const missing = join(dataDir, 'no-schemas');
    const schemas = await startMain({ EVENT_SCHEMAS_DIR: missing }, dataDir);
    expect(schemas.code).to.equal(2);
    expect(schemas.stderr.trim()).to.equal(`configuration: EVENT_SCHEMAS_DIR ${missing} does not exist (docs/configuration.md)`);
  });
  it('stops with exit code 2 and one line naming DATA_DIR when it cannot be a directory, or naming a store file that is not a database', async () => {
    const file = join(dataDir, 'a-file');
    writeFileSync(file, 'not a directory');
    for (const target of [file, join(file, 'below')]) {
      const refused = await startMain({}, target);
      expect(refused.code, target).to.equal(2);
      expect(refused.stderr.trim()).to.match(new RegExp(`^configuration: DATA_DIR ${target} cannot be used as a directory: .+ \\(docs/configuration\\.md\\)$`));
    }
    const damaged = join(dataDir, 'damaged');
    mkdirSync(damaged);
    writeFileSync(join(damaged, 'events.sqlite'), 'this is not an SQLite file, but long enough to be read as one: '.repeat(100));
    const refused = await startMain({}, damaged);
    expect(refused.code).to.equal(2);
    expect(refused.stderr.trim()).to.match(new RegExp(`^configuration: ${join(damaged, 'events.sqlite')} is not an intact SQLite database .*restore DATA_DIR from a backup`));
  });

  it('refuses a second platform on a DATA_DIR another process holds, with exit code 2, and takes it once that process died', async () => {
    const holder = new ServerProcess(dataDir, await ServerProcess.freePort());
    await holder.start();
    try {
      const second = await startMain({}, dataDir);
      expect(second.code).to.equal(2);
      // it used to start, and then answer 500 to every produce: both processes numbered appends from one head
      expect(second.stderr.trim()).to.equal(`configuration: DATA_DIR ${dataDir} is in use by another platform process: stop it first, or give this one another DATA_DIR (docs/configuration.md)`);
      expect((await holder.client('demo-producer').get('/ce/tools/my-settings')).status, 'the first one still serves').to.equal(200);
    } finally {
      await holder.kill(); // SIGKILL: the operating system lets the lock go with the process
    }
    const next = new ServerProcess(dataDir, await ServerProcess.freePort());
    await next.start();
    await next.stop();
  });

  it('stops with exit code 2 and one line naming PORT when another process listens on it, and the data directory is free again', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as AddressInfo).port;
    try {
      const refused = await startMain({ PORT: String(port) }, dataDir);
      expect(refused.code).to.equal(2);
      expect(refused.stderr.trim()).to.equal(`configuration: PORT ${port} on 127.0.0.1 is in use by another process (docs/configuration.md)`);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
    const next = new ServerProcess(dataDir, await ServerProcess.freePort());
    await next.start();
    await next.stop();
  });
});
