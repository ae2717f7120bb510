import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { groupCommitter, prepareLogSchema, type WireAppend } from './sqlite-log-schema';

/**
 * The embedded log's writer thread. Commits (and their fsync) happen here, so the main thread keeps
 * parsing requests while the disk works; the main thread sends the next group as soon as a commit returns.
 */
const db = new Database((workerData as { path: string }).path);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.pragma('busy_timeout = 5000');
prepareLogSchema(db);
const commitGroup = groupCommitter(db);
const head = db.prepare<[], { head: number | null }>('SELECT MAX(position) AS head FROM events');

parentPort!.on('message', (message: { id: number; appends: WireAppend[] } | 'close') => {
  if (message === 'close') {
    db.close();
    parentPort!.close();
    return;
  }
  try {
    const outcomes = commitGroup(message.appends);
    parentPort!.postMessage({ id: message.id, outcomes, head: head.get()?.head ?? 0 });
  } catch (error) {
    parentPort!.postMessage({ id: message.id, failure: String((error as Error).message) });
  }
});
