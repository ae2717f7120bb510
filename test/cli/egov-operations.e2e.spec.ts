import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { X509Certificate } from 'node:crypto';
import { expect } from 'chai';
import { DEVELOPMENT_REGISTRY } from '../../src/platform-app';
import { pkiFiles } from '../../src/platform/identity/pki';
import { runEgov } from '../support/egov-cli';
import { ServerProcess } from '../support/server-process';

describe('CLI: npx egov pki, backup, replay (e2e, the platform in a child process)', function () {
  this.timeout(120_000);
  let root: string;
  let dataDir: string;
  let server: ServerProcess;
  let env: Record<string, string>;

  before(async () => {
    root = mkdtempSync(join(tmpdir(), 'egov-cli-ops-'));
    dataDir = join(root, 'data');
    server = new ServerProcess(dataDir, await ServerProcess.freePort());
    await server.start();
    env = { DATA_DIR: dataDir, EGOV_URL: `https://localhost:${server.port}` };
  });
  after(async () => {
    await server.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('issues a new certificate for a registry client from the development CA, and the platform takes it', async () => {
    const pki = pkiFiles(join(dataDir, 'pki'));
    const before = readFileSync(pki.clientCert('demo-producer'), 'utf8');
    const refused = await runEgov(['pki', 'demo-producer'], env);
    expect(refused.code).to.equal(2);
    expect(refused.stderr).to.match(/^egov: .*demo-producer\.crt exists: give --force to replace it\n$/);

    const issued = await runEgov(['pki', 'demo-producer', '--force'], env);
    expect(issued.code, issued.stderr).to.equal(0);
    expect(issued.stderr).to.match(/^issued .*demo-producer\.crt and .*demo-producer\.key \(CN=demo-producer, valid until \d{4}-\d\d-\d\d\)\n$/);
    const certificate = new X509Certificate(readFileSync(pki.clientCert('demo-producer')));
    expect(certificate.toString()).to.not.equal(before);
    expect(certificate.subject).to.contain('CN=demo-producer');
    expect(certificate.verify(new X509Certificate(readFileSync(pki.caCert)).publicKey)).to.equal(true);

    const produced = await runEgov(['produce', '--type', 'demo.order.created', '--data', '{"orderId":1}'], env);
    expect(produced.code, produced.stderr).to.equal(0);
  });

  it('names the registered clients when asked for one that is not there (exit 2)', async () => {
    const run = await runEgov(['pki', 'nobody'], env);
    expect(run.code).to.equal(2);
    expect(run.stderr).to.equal(`egov: no client nobody in ${join(dataDir, 'clients.json')} (registered: ${registeredIds().join(', ')})\n`);
  });

  it('backs up while the platform runs, and verifies the copy', async () => {
    const target = join(root, 'backup');
    const backup = await runEgov(['backup', target], env);
    expect(backup.code, backup.stderr).to.equal(0);
    expect(backup.stderr).to.match(/^backed up .* to .*backup: log up to position \d+, \d+ files/m);
    const verify = await runEgov(['backup', '--verify', target], env);
    expect(verify.code, verify.stderr).to.equal(0);
    expect(verify.stderr).to.equal(`backup ${target} matches its manifest\n`);
    writeFileSync(join(target, 'clients.json'), '{}');
    const damaged = await runEgov(['backup', '--verify', target], env);
    expect(damaged.code).to.equal(2);
    expect(damaged.stderr).to.equal(`egov: backup ${target} does not match its manifest: clients.json\n`);
  });

  it('replays read models once the platform is stopped, and refuses while it runs', async () => {
    const refused = await runEgov(['replay', 'eventlog-entries'], env);
    expect(refused.code).to.equal(2);
    expect(refused.stderr).to.match(/is in use by another platform process/);
    expect(refused.stderr.trim().split('\n')).to.have.length(1);

    await server.stop();
    try {
      const replay = await runEgov(['replay', 'eventlog-entries'], env);
      expect(replay.code, replay.stderr).to.equal(0);
      expect(replay.stderr).to.match(/^eventlog-entries: \d+ events applied\nreplayed 1 projection\(s\) from .+ in [\d.]+ s\n$/, replay.stderr);
    } finally {
      await server.start();
    }
  });

  it('answers --help for every command, and npx finds egov in the repository', async () => {
    for (const command of ['produce', 'consume', 'tail', 'history', 'replay', 'backup', 'pki']) {
      const help = await runEgov([command, '--help'], env);
      expect(help.code, command).to.equal(0);
      expect(help.stdout, command).to.match(new RegExp(`^Usage: egov ${command} `));
    }
    const { spawnSync } = await import('node:child_process');
    const npx = spawnSync('npx', ['--no-install', 'egov', '--help'], { cwd: join(import.meta.dirname, '../..'), encoding: 'utf8' });
    expect(npx.status, npx.stderr).to.equal(0);
    expect(npx.stdout).to.match(/^Usage: egov \[options\] \[command\]/);
  });
});

function registeredIds(): string[] {
  return (JSON.parse(readFileSync(DEVELOPMENT_REGISTRY, 'utf8')) as { clients: { id: string }[] }).clients.map((client) => client.id);
}
