import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { groupCommitter } from './group-committer';
import { openLogForWriting } from './sqlite-log-schema';
import { decodeAppends, packCommit, type WriterReply, type WriterRequest } from './sqlite-log-wire';

/**
 * The embedded log's writer thread. Commits (and their fsync) happen here, so the main thread keeps
 * parsing requests while the disk works. The main thread sends appends as they come; when a commit
 * ends, every request that arrived meanwhile is taken from the port at once and committed together.
 */
const port = parentPort!;
const db = openLogForWriting((workerData as { path: string }).path);
const commitGroup = groupCommitter(db);

port.on('message', (first: WriterRequest | 'close') => {
  const requests: WriterRequest[] = [];
  let closing = first === 'close';
  if (first !== 'close') requests.push(first);
  for (let next = receiveMessageOnPort(port); next && !closing; next = receiveMessageOnPort(port)) {
    if (next.message === 'close') closing = true;
    else requests.push(next.message as WriterRequest);
  }
  if (requests.length > 0) commitRequests(requests);
  if (closing) {
    db.close();
    port.close();
  }
});

function commitRequests(requests: WriterRequest[]): void {
  const ids = requests.map((request) => request.id);
  let reply: WriterReply;
  try {
    reply = { ids, ...packCommit(commitGroup(requests.flatMap((request) => decodeAppends(request.appends)))) };
  } catch (error) {
    reply = { ids, failure: String((error as Error).message), code: (error as { code?: string }).code };
  }
  port.postMessage(reply);
}
