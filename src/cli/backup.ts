import { loadConfig } from '../config';
import { BackupRefused } from '../platform/backup';
import { checkBackup, takeBackup } from './backup-run';

/**
 * `npm run backup -- <target directory>`: a consistent copy of the embedded data directory (DATA_DIR),
 * safe while the platform runs. `npm run backup -- --verify <backup directory>` checks a copy against
 * its manifest. `npx egov backup` does the same with a progress bar.
 */
const args = process.argv.slice(2);

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

try {
  if (args[0] === '--verify') {
    if (!args[1]) fail('usage: npm run backup -- --verify <backup directory>');
    process.stderr.write(`${checkBackup(args[1])}\n`);
  } else {
    if (args.length !== 1 || args[0].startsWith('-')) fail('usage: npm run backup -- <target directory>   (or --verify <backup directory>)');
    process.stderr.write(`${takeBackup(loadConfig(), args[0])}\n`);
  }
} catch (error) {
  if (error instanceof BackupRefused) fail(error.message);
  throw error;
}
