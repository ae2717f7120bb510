import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ConfigurationError } from '../config';

export const LOCK_FILE = 'platform.lock';

/**
 * Holds DATA_DIR for this process while its embedded stores are open. The embedded log has one writer:
 * a second process on the same files (a second `npm start`, `npm run replay` while the platform runs)
 * numbered its appends from the same head, and every one of its commits failed. The hold is an exclusive
 * SQLite lock on DATA_DIR/platform.lock, which the operating system lets go when the process ends, even
 * by SIGKILL, so a crash leaves nothing to clean up.
 */
export function holdDataDir(dataDir: string): { release(): void } {
  const lock = new Database(join(dataDir, LOCK_FILE), { timeout: 0 });
  try {
    lock.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    lock.close();
    if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
    throw new ConfigurationError(`DATA_DIR ${dataDir} is in use by another platform process: stop it first, or give this one another DATA_DIR`);
  }
  return {
    release() {
      if (!lock.open) return;
      lock.exec('ROLLBACK');
      lock.close();
    },
  };
}
