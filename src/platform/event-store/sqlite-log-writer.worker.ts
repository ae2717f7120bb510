import { parentPort, workerData } from 'node:worker_threads';
import { groupCommitter, openLogForWriting, type WireAppend } from './sqlite-log-schema';

/**
 * The embedded log's writer thread. Commits (and their fsync) happen here, so the main thread keeps
 * parsing requests while the disk works; the main thread sends the next group as soon as a commit returns.
 */
const db = openLogForWriting((workerData as { path: string }).path);
const commitGroup = groupCommitter(db);

parentPort!.on('message', (message: { id: number; appends: WireAppend[] } | 'close') => {
  if (message === 'close') {
    db.close();
    parentPort!.close();
    return;
  }
  try {
    parentPort!.postMessage({ id: message.id, ...commitGroup(message.appends) });
  } catch (error) {
    parentPort!.postMessage({ id: message.id, failure: String((error as Error).message) });
  }
});
