import { resolve } from 'node:path';
import type { PlatformConfig } from '../config';
import { backupDataDirectory, BackupRefused, verifyBackup, type BackupProgress } from '../platform/backup';

/**
 * What `npm run backup` and `npx egov backup` do, each answering with one line: a consistent copy of
 * the embedded data directory, or a check of a copy against its manifest. Every refusal is a
 * BackupRefused (exit 2); the production profile is backed up with EventStoreDB's and MongoDB's own tools.
 */
export function takeBackup(config: PlatformConfig, target: string, onProgress?: BackupProgress): string {
  if (config.eventStoreUrl || config.mongodbUrl) {
    throw new BackupRefused('EVENTSTORE_URL or MONGODB_URL is set: back up EventStoreDB and MongoDB with their own tools (docs/operations.md)');
  }
  const started = Date.now();
  const manifest = backupDataDirectory(config.dataDir, resolve(target), { registryFile: config.registryFile, onProgress });
  const bytes = manifest.files.reduce((sum, file) => sum + file.bytes, 0);
  return (
    `backed up ${config.dataDir} to ${resolve(target)}: log up to position ${manifest.logHead}, ` +
    `${manifest.files.length} files, ${(bytes / 1e6).toFixed(1)} MB, in ${((Date.now() - started) / 1000).toFixed(1)} s`
  );
}

export function checkBackup(target: string): string {
  const damaged = verifyBackup(resolve(target));
  if (damaged.length > 0) throw new BackupRefused(`backup ${target} does not match its manifest: ${damaged.join(', ')}`);
  return `backup ${target} matches its manifest`;
}
