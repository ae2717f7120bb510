import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'chai';
import { MANIFEST_FILE, verifyBackup, type BackupManifest } from '../../src/platform/backup';
import { runCli } from '../support/cli-process';
import { ServerProcess } from '../support/server-process';
import { BATCH, demoEvent } from '../support/test-platform';

describe('Backup of the embedded data directory (npm run backup, e2e)', function () {
  this.timeout(120_000);
  let root: string;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'egov-backup-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** A data directory as a first `npm start` leaves it: PKI, registry, log and read models with the demo data. */
  const dataDirOfAStoppedPlatform = async () => {
    const dataDir = join(root, 'data');
    const platform = new ServerProcess(dataDir, await ServerProcess.freePort());
    await platform.start();
    await platform.stop();
    return dataDir;
  };

  it('copies a running platform while a producer writes; the copy starts as a platform holding every event accepted before the backup', async () => {
    const dataDir = join(root, 'data');
    const source = new ServerProcess(dataDir, await ServerProcess.freePort());
    await source.start();
    const producer = source.client('demo-producer');
    const accepted: string[] = [];
    let producing = true;
    const produce = async () => {
      while (producing) {
        const events = Array.from({ length: 20 }, () => demoEvent());
        const response = await producer.post('/ce/produce/events', { headers: BATCH, body: JSON.stringify(events) });
        if (response.status !== 202) throw new Error(`produce answered ${response.status}: ${response.text}`);
        accepted.push(...events.map((event) => event.id));
      }
    };
    const producing$ = produce();
    while (accepted.length < 400) await new Promise((resolve) => setTimeout(resolve, 20));

    const acceptedBefore = [...accepted];
    const target = join(root, 'backup');
    const backup = await runCli('backup', dataDir, [target]);
    producing = false;
    await producing$;
    await source.stop();

    expect(backup.code, backup.stderr).to.equal(0);
    expect(backup.stderr).to.match(/backed up .* log up to position \d+/);
    const manifest = JSON.parse(readFileSync(join(target, MANIFEST_FILE), 'utf8')) as BackupManifest;
    expect(manifest.logHead).to.be.at.least(acceptedBefore.length);
    expect(manifest.files.map((file) => file.path)).to.include.members(['events.sqlite', 'read-models.sqlite', 'clients.json', 'pki/ca.crt', 'pki/ca.key']);
    // the running process's hold on DATA_DIR is not data: a restored directory must not start with it
    expect(manifest.files.map((file) => file.path).filter((path) => path.startsWith('platform.lock'))).to.deep.equal([]);
    expect(verifyBackup(target)).to.deep.equal([]);

    // every projection checkpoint in the copy is at or before the copied log's head
    const readModels = new Database(join(target, 'read-models.sqlite'), { readonly: true });
    const hasCheckpoints = readModels.prepare("SELECT 1 FROM sqlite_master WHERE name = 'c_projection_checkpoints'").get() !== undefined;
    const checkpoints = hasCheckpoints ? (readModels.prepare("SELECT json_extract(doc, '$.position') AS position FROM c_projection_checkpoints").all() as { position: number }[]) : [];
    readModels.close();
    for (const { position } of checkpoints) expect(position).to.be.at.most(manifest.logHead);

    const restored = new ServerProcess(target, await ServerProcess.freePort());
    await restored.start();
    try {
      const consumer = restored.client('demo-consumer');
      const created = await consumer.post('/ce/consumers');
      expect(created.status).to.equal(201);
      const instance = new URL(created.headers.location as string).pathname;
      const received = new Set<string>();
      for (let polls = 0; polls < 200 && acceptedBefore.some((id) => !received.has(id)); polls += 1) {
        const response = await consumer.get(`${instance}/events`, { query: { confirm: true } });
        if (response.status === 204) break;
        for (const event of response.json<{ id: string }[]>()) received.add(event.id);
      }
      expect(acceptedBefore.filter((id) => !received.has(id))).to.deep.equal([]);
    } finally {
      await restored.stop();
    }
  });

  it('refuses a target that is not empty or lies inside the data directory, and copies nothing (exit 2)', async () => {
    const dataDir = await dataDirOfAStoppedPlatform();
    const occupied = join(root, 'occupied');
    mkdirSync(occupied);
    writeFileSync(join(occupied, 'keep.txt'), 'not a backup');

    const intoOccupied = await runCli('backup', dataDir, [occupied]);
    expect(intoOccupied.code).to.equal(2);
    expect(intoOccupied.stderr).to.contain('is not empty');
    expect(readdirSync(occupied)).to.deep.equal(['keep.txt']);
    const intoDataDir = await runCli('backup', dataDir, [join(dataDir, 'backups', 'today')]);
    expect(intoDataDir.code).to.equal(2);
    expect(intoDataDir.stderr).to.contain('inside the data directory');
    expect(existsSync(join(dataDir, 'backups'))).to.equal(false);
    const fromNothing = await runCli('backup', join(root, 'no-data'), [join(root, 'elsewhere')]);
    expect(fromNothing.code).to.equal(2);
    expect(fromNothing.stderr).to.contain('holds no event log');
    expect(existsSync(join(root, 'elsewhere'))).to.equal(false);
  });

  it('--verify names the files that no longer match the manifest', async () => {
    const dataDir = await dataDirOfAStoppedPlatform();
    const target = join(root, 'backup');
    expect((await runCli('backup', dataDir, [target])).code).to.equal(0);
    expect((await runCli('backup', dataDir, ['--verify', target])).code).to.equal(0);

    writeFileSync(join(target, 'clients.json'), '{"clients":[]}');
    const verified = await runCli('backup', dataDir, ['--verify', target]);
    expect(verified.code).to.equal(2);
    expect(verified.stderr).to.contain('clients.json');
    // a file the manifest does not list: SQLite would apply a stray WAL file on restore
    writeFileSync(join(target, 'events.sqlite-wal'), 'stray');
    expect((await runCli('backup', dataDir, ['--verify', target])).stderr).to.contain('events.sqlite-wal (not in the manifest)');
  });

  it('answers what is not a backup, and a target it cannot make, with one line and exit 2, not a stack trace', async () => {
    const dataDir = await dataDirOfAStoppedPlatform();
    const notJson = join(root, 'not-json');
    mkdirSync(notJson);
    writeFileSync(join(notJson, MANIFEST_FILE), '{');
    const noFiles = join(root, 'no-files');
    mkdirSync(noFiles);
    writeFileSync(join(noFiles, MANIFEST_FILE), '{}');
    const escaping = join(root, 'escaping');
    mkdirSync(escaping);
    writeFileSync(join(escaping, MANIFEST_FILE), JSON.stringify({ files: [{ path: '../data/clients.json', bytes: 1, sha256: 'x' }] }));
    const aFile = join(root, 'a-file');
    writeFileSync(aFile, 'x');
    const cases: [string[], RegExp][] = [
      [['--verify', join(root, 'nothing-here')], /holds no backup-manifest\.json/],
      [['--verify', dataDir], /holds no backup-manifest\.json/],
      [['--verify', notJson], /cannot be read as a manifest/],
      [['--verify', noFiles], /is not a backup manifest/],
      [['--verify', escaping], /names \.\.\/data\/clients\.json, which is not a file inside the backup/],
      [[join(aFile, 'below')], /cannot be made a directory/],
    ];
    for (const [args, message] of cases) {
      const run = await runCli('backup', dataDir, args);
      expect(run.code, args.join(' ')).to.equal(2);
      expect(run.stderr.trim().split('\n'), args.join(' ')).to.have.length(1);
      expect(run.stderr, args.join(' ')).to.match(message);
    }
  });
});
