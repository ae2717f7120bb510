import { resolve } from 'node:path';
import { loadConfig } from '../config';
import { backupDataDirectory, BackupRefused, verifyBackup } from '../platform/backup';

/**
 * `npm run backup -- <target directory>`: a consistent copy of the embedded data directory (DATA_DIR),
 * safe while the platform runs. `npm run backup -- --verify <backup directory>` checks a copy against
 * its manifest. The production profile is backed up with EventStoreDB's and MongoDB's own tools.
 */
const args = process.argv.slice(2);
const config = loadConfig();

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

if (args[0] === '--verify') {
  if (!args[1]) fail('usage: npm run backup -- --verify <backup directory>');
  let damaged: string[] = [];
  try {
    damaged = verifyBackup(resolve(args[1]));
  } catch (error) {
    if (error instanceof BackupRefused) fail(error.message);
    throw error;
  }
  if (damaged.length > 0) fail(`backup ${args[1]} does not match its manifest: ${damaged.join(', ')}`);
  process.stderr.write(`backup ${args[1]} matches its manifest\n`);
} else {
  if (args.length !== 1 || args[0].startsWith('-')) fail('usage: npm run backup -- <target directory>   (or --verify <backup directory>)');
  if (config.eventStoreUrl || config.mongodbUrl) {
    fail('EVENTSTORE_URL or MONGODB_URL is set: back up EventStoreDB and MongoDB with their own tools (docs/operations.md)');
  }
  const started = Date.now();
  try {
    const manifest = backupDataDirectory(config.dataDir, resolve(args[0]), { registryFile: config.registryFile });
    const bytes = manifest.files.reduce((sum, file) => sum + file.bytes, 0);
    process.stderr.write(
      `backed up ${config.dataDir} to ${resolve(args[0])}: log up to position ${manifest.logHead}, ` +
        `${manifest.files.length} files, ${(bytes / 1e6).toFixed(1)} MB, in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
    );
  } catch (error) {
    if (error instanceof BackupRefused) fail(error.message);
    throw error;
  }
}
