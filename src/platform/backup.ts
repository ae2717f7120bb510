import { createHash } from 'node:crypto';
import { closeSync, copyFileSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { LOCK_FILE } from './data-dir-lock';
import { logHead } from './event-store/sqlite-log-schema';

export const MANIFEST_FILE = 'backup-manifest.json';
const LOG_FILE = 'events.sqlite';
const READ_MODELS_FILE = 'read-models.sqlite';

export type BackupManifest = {
  createdAt: string;
  source: string;
  /** the last log position in the copy: every event the platform had committed when the copy began */
  logHead: number;
  files: { path: string; bytes: number; sha256: string }[];
};

export class BackupRefused extends Error {}

/**
 * A consistent copy of an embedded data directory, taken while the platform runs, laid out as a data
 * directory itself (restore = copy it to DATA_DIR). Order matters:
 * 1. the read models, then the log: every projection checkpoint in the copy is at or before the copied
 *    log's head, so the restored projections resume without skipping an event;
 * 2. then every other file (PKI, client registry, attachments): attachments are written before the
 *    event that cites them, so every attachment the copied log names is there.
 * Each SQLite file is copied with `VACUUM INTO`, which reads one snapshot in a single read
 * transaction: the platform keeps writing meanwhile, and the copy never mixes two states.
 */
export function backupDataDirectory(dataDir: string, target: string, options: { registryFile?: string; now?: Date; onProgress?: BackupProgress } = {}): BackupManifest {
  if (!existsSync(join(dataDir, LOG_FILE))) throw new BackupRefused(`${dataDir} holds no event log (${LOG_FILE}): nothing to back up`);
  if (isInside(target, dataDir)) throw new BackupRefused(`${target} is inside the data directory ${dataDir}: choose a place outside it`);
  if (existsSync(target) && readdirSync(target).length > 0) throw new BackupRefused(`${target} is not empty: a backup never overwrites files`);
  try {
    mkdirSync(target, { recursive: true });
  } catch (error) {
    throw new BackupRefused(`${target} cannot be made a directory: ${(error as Error).message}`);
  }

  const externalRegistry = options.registryFile && !isInside(options.registryFile, dataDir) ? options.registryFile : undefined;
  const readModels = existsSync(join(dataDir, READ_MODELS_FILE)) ? [join(dataDir, READ_MODELS_FILE)] : [];
  const estimate = [...readModels, join(dataDir, LOG_FILE), ...otherFiles(dataDir), ...(externalRegistry ? [externalRegistry] : [])];
  const progress = backupProgress(estimate, options.onProgress);

  for (const file of [...readModels, join(dataDir, LOG_FILE)]) progress.after(file, () => snapshotSqlite(file, join(target, basename(file))));
  // listed again now: an attachment written since the estimate may be named by the log just copied
  for (const file of otherFiles(dataDir)) progress.after(file, () => copyInto(file, join(target, relative(dataDir, file))));
  if (externalRegistry) progress.after(externalRegistry, () => copyInto(externalRegistry, join(target, 'clients.json')));

  const manifest: BackupManifest = {
    createdAt: (options.now ?? new Date()).toISOString(),
    source: dataDir,
    logHead: headOf(join(target, LOG_FILE)),
    files: filesUnder(target).map((file) => progress.after(file, () => ({ path: relative(target, file), bytes: statSync(file).size, sha256: sha256Of(file) }))),
  };
  writeFileSync(join(target, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Bytes done of about all there is: every file is copied once and read once more for its checksum. */
export type BackupProgress = (doneBytes: number, totalBytes: number) => void;

function backupProgress(sources: string[], report: BackupProgress = () => undefined) {
  // a SQLite file's recent commits may still be in its WAL, which the snapshot reads too
  const sizeOf = (file: string) => statSync(file).size + (existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size : 0);
  const totalBytes = 2 * sources.reduce((sum, file) => sum + sizeOf(file), 0);
  let doneBytes = 0;
  return {
    after<T>(file: string, work: () => T): T {
      const result = work();
      doneBytes = Math.min(totalBytes, doneBytes + sizeOf(file));
      report(doneBytes, totalBytes);
      return result;
    },
  };
}

/**
 * What in a backup differs from its manifest: files missing, of another size or checksum, and files the
 * manifest does not list (a stray events.sqlite-wal would be applied by SQLite on restore). A backup
 * without a readable manifest, or whose manifest names a path outside it, is refused.
 */
export function verifyBackup(target: string): string[] {
  const manifest = readManifest(target);
  const listed = new Set(manifest.files.map((file) => file.path));
  const differing = manifest.files
    .filter((file) => {
      const path = join(target, file.path);
      return !existsSync(path) || statSync(path).size !== file.bytes || sha256Of(path) !== file.sha256;
    })
    .map((file) => file.path);
  const unlisted = filesUnder(target)
    .map((file) => relative(target, file))
    .filter((path) => path !== MANIFEST_FILE && !listed.has(path))
    .map((path) => `${path} (not in the manifest)`);
  return [...differing, ...unlisted];
}

function readManifest(target: string): BackupManifest {
  const path = join(target, MANIFEST_FILE);
  if (!existsSync(path)) throw new BackupRefused(`${target} holds no ${MANIFEST_FILE}: it is not a backup made by npm run backup`);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(readFileSync(path, 'utf8')) as BackupManifest;
  } catch (error) {
    throw new BackupRefused(`${path} cannot be read as a manifest: ${(error as Error).message}`);
  }
  const wellFormed =
    Array.isArray(manifest?.files) &&
    manifest.files.every((file) => typeof file?.path === 'string' && typeof file.bytes === 'number' && typeof file.sha256 === 'string');
  if (!wellFormed) throw new BackupRefused(`${path} is not a backup manifest (it needs "files": [{ path, bytes, sha256 }, ...])`);
  const outside = manifest.files.find((file) => !isInside(join(target, file.path), target) || resolve(target, file.path) === resolve(target));
  if (outside) throw new BackupRefused(`${path} names ${outside.path}, which is not a file inside the backup`);
  return manifest;
}

// a read-write connection, though it only reads: a read-only one cannot open a WAL file whose -shm is gone
function snapshotSqlite(source: string, destination: string): void {
  const db = new Database(source, { fileMustExist: true });
  try {
    db.prepare('VACUUM INTO ?').run(destination);
  } finally {
    db.close();
  }
}

function headOf(logPath: string): number {
  const db = new Database(logPath, { readonly: true, fileMustExist: true });
  try {
    return logHead(db);
  } finally {
    db.close();
  }
}

/**
 * Everything but the SQLite files (copied by snapshot), their WAL and shared-memory files, the running
 * process's lock on the directory (and its journal), and unfinished writes.
 */
function otherFiles(dataDir: string): string[] {
  const sqlite = new Set([LOG_FILE, READ_MODELS_FILE, LOCK_FILE].flatMap((name) => [name, `${name}-wal`, `${name}-shm`, `${name}-journal`]));
  return filesUnder(dataDir).filter((file) => !(dirname(file) === dataDir && sqlite.has(basename(file))) && !file.endsWith('.tmp'));
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

function copyInto(source: string, destination: string): void {
  mkdirSync(dirname(destination), { recursive: true });
  copyFileSync(source, destination);
}

function isInside(path: string, dir: string): boolean {
  const fromDir = relative(resolve(dir), resolve(path));
  return fromDir === '' || (!fromDir.startsWith('..') && !isAbsolute(fromDir));
}

function sha256Of(file: string): string {
  const hash = createHash('sha256');
  const chunk = Buffer.alloc(1 << 20);
  const fd = openSync(file, 'r');
  try {
    for (let read = readSync(fd, chunk); read > 0; read = readSync(fd, chunk)) hash.update(chunk.subarray(0, read));
  } finally {
    closeSync(fd);
  }
  return hash.digest('hex');
}
