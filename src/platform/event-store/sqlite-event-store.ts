import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import {
  DuplicateEventConflictError,
  ExpectedRevisionConflictError,
  type AppendResult,
  type EventStore,
  type LogFilter,
  type StoredEvent,
} from './event-store';
import { preparedStatements } from '../sqlite-statements';
import { defaultDedupeKey } from './event-identity';
import { prepareLogSchema, type WireAppend, type WireError, type WireOutcome } from './sqlite-log-schema';

const TYPE_SCAN_WINDOW = 20_000;
/**
 * Groups handed to the writer before the first is answered. With one, the writer waits idle from each
 * commit until this thread has read the answer and sent the next group; with two, the next group is
 * already queued there.
 */
const GROUPS_IN_FLIGHT = Number(process.env.LOG_GROUPS_IN_FLIGHT ?? 2);

type PendingAppend = { wire: WireAppend; resolve: (result: AppendResult) => void; reject: (error: unknown) => void };
type WriterReply = { id: number; outcomes?: WireOutcome[]; head?: number; failure?: string };

type EventRow = {
  position: number;
  stream_id: string;
  revision: number;
  kind: StoredEvent['kind'];
  producer: string;
  recorded_at: string;
  event: string;
};

/**
 * The embedded event log: one SQLite file in WAL mode with synchronous=FULL, so a commit is on disk
 * before its promise resolves. A writer thread owns the write connection: appends that arrive while a
 * commit is under way form the next group and are committed together (group commit: one fsync for many
 * requests, each append in its own savepoint). Reads run here, on a second connection.
 */
export function openSqliteEventStore(path: string): EventStore {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  prepareLogSchema(db);
  const selectStream = db.prepare<[string, number], EventRow>('SELECT * FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision');
  const prepared = preparedStatements<EventRow>(db);
  let head = db.prepare<[], { head: number | null }>('SELECT MAX(position) AS head FROM events').get()?.head ?? 0;
  const lastOfType = lastPositionsByType(db);

  const writer = startWriter(path);
  const listeners = new Set<(head: number) => void>();
  const inFlight = new Map<number, PendingAppend[]>();
  let queue: PendingAppend[] = [];
  let nextId = 1;
  let sendScheduled = false;
  let broken: Error | null = null;

  function send() {
    sendScheduled = false;
    if (queue.length === 0 || inFlight.size >= GROUPS_IN_FLIGHT) return;
    const group = queue;
    queue = [];
    const id = nextId++;
    inFlight.set(id, group);
    writer.postMessage({ id, appends: group.map((pending) => pending.wire) });
  }

  writer.on('message', (reply: WriterReply) => {
    const group = inFlight.get(reply.id);
    inFlight.delete(reply.id);
    if (!group) return;
    if (reply.failure !== undefined) {
      for (const pending of group) pending.reject(new Error(`the event log could not commit: ${reply.failure}`));
    } else {
      head = Math.max(head, reply.head ?? head);
      reply.outcomes!.forEach((outcome, index) => {
        if (!outcome.ok) return group[index].reject(toError(outcome.error));
        lastOfType.appended(group[index].wire, head);
        group[index].resolve(outcome.result);
      });
      for (const listener of listeners) listener(head);
    }
    send();
  });
  writer.on('error', (error) => {
    broken = error;
    for (const pending of [...[...inFlight.values()].flat(), ...queue]) pending.reject(error);
    inFlight.clear();
    queue = [];
  });

  return {
    append(streamId, events, options = {}) {
      if (broken) return Promise.reject(broken);
      const wire: WireAppend = {
        streamId,
        expectedRevision: options.expectedRevision ?? 'any',
        events: events.map((newEvent) => ({
          json: JSON.stringify(newEvent.event),
          type: newEvent.event.type,
          kind: newEvent.kind ?? 'standard',
          producer: newEvent.producer,
          dedupeKey: newEvent.dedupeKey ?? defaultDedupeKey(newEvent.event),
          filledIn: newEvent.filledIn ?? [],
          contentHash: newEvent.contentHash,
        })),
      };
      return new Promise<AppendResult>((resolve, reject) => {
        queue.push({ wire, resolve, reject });
        if (!sendScheduled && inFlight.size < GROUPS_IN_FLIGHT) {
          sendScheduled = true;
          setImmediate(send);
        }
      });
    },

    async readStream(streamId, options = {}) {
      return selectStream.all(streamId, options.fromRevision ?? 0).map(toStoredEvent);
    },

    async readAll({ after, limit, filter = {} }) {
      // readers of a few types (projections, followers) ask after every commit; most commits hold none of them
      if (filter.types?.length && filter.types.every((type) => lastOfType.get(type) <= after)) return [];
      if (!filter.types?.length) {
        const { sql, params } = readAllQuery(after, Number.MAX_SAFE_INTEGER, limit, filter);
        return prepared(sql).all(...params).map(toStoredEvent);
      }
      // By type: walk the log in windows of positions through the (type, position) index, so a reader far
      // behind never sorts every matching event of the log to return the first few.
      const rows: EventRow[] = [];
      for (let from = after; rows.length < limit && from < head; from += TYPE_SCAN_WINDOW) {
        const { sql, params } = readAllQuery(from, from + TYPE_SCAN_WINDOW, limit - rows.length, filter);
        rows.push(...prepared(sql).all(...params));
      }
      return rows.map(toStoredEvent);
    },

    async headPosition() {
      return head;
    },

    onAppended(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async close() {
      while (queue.length > 0 || inFlight.size > 0) {
        if (broken) break;
        send();
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      listeners.clear();
      await new Promise<void>((resolve) => {
        writer.once('exit', () => resolve());
        writer.postMessage('close');
      });
      db.close();
    },
  };
}

/**
 * The writer thread runs TypeScript like the rest. Node 20 does not carry a --import loader into worker
 * threads, so the worker registers tsx itself before importing its module.
 */
function startWriter(path: string): Worker {
  const module = new URL('./sqlite-log-writer.worker.ts', import.meta.url).href;
  const tsxApi = esmEntryOf('tsx', './esm/api');
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then(({ register }) => { register(); return import(${JSON.stringify(module)}); });`;
  return new Worker(bootstrap, { eval: true, workerData: { path } });
}

/** The ESM file a package exports under a subpath, read from its package.json export map. */
function esmEntryOf(packageName: string, subpath: string): string {
  const require = createRequire(import.meta.url);
  const manifestPath = require.resolve(`${packageName}/package.json`);
  const entry = require(manifestPath).exports[subpath].import;
  return pathToFileURL(join(dirname(manifestPath), typeof entry === 'string' ? entry : entry.default)).href;
}

/**
 * The position of the last event of each type asked about, kept current by the appends this process
 * commits (it is the log's only writer). Looked up in the type index the first time a type is asked for.
 * An append that turned out to be a retry still counts: that costs one needless query, never a missed event.
 */
function lastPositionsByType(db: Database.Database) {
  const lastOf = db.prepare<[string], { position: number | null }>('SELECT MAX(position) AS position FROM events INDEXED BY events_by_type WHERE type = ?');
  const known = new Map<string, number>();
  return {
    get(type: string): number {
      let position = known.get(type);
      if (position === undefined) known.set(type, (position = lastOf.get(type)?.position ?? 0));
      return position;
    },
    appended(append: WireAppend, head: number) {
      for (const event of append.events) if (known.has(event.type)) known.set(event.type, Math.max(known.get(event.type)!, head));
    },
  };
}

function toError(error: WireError): Error {
  switch (error.name) {
    case 'ExpectedRevisionConflictError':
      return new ExpectedRevisionConflictError(error.streamId, error.expected, error.actual);
    case 'DuplicateEventConflictError':
      return new DuplicateEventConflictError(error.dedupeKey);
    default:
      return new Error(error.message);
  }
}

function readAllQuery(after: number, upTo: number, limit: number, filter: LogFilter) {
  const where = ['position > ?', 'position <= ?'];
  const params: unknown[] = [after, upTo];
  const rareKindsOnly = !!filter.kinds?.length && !filter.kinds.includes('standard');
  if (filter.kinds?.length) {
    where.push(`kind IN (${filter.kinds.map(() => '?').join(',')})`);
    params.push(...filter.kinds);
  }
  // the partial index serves a query only when the query repeats its condition word for word
  if (rareKindsOnly) where.push(`kind <> 'standard'`);
  if (filter.types?.length) {
    where.push(`type IN (${filter.types.map(() => '?').join(',')})`);
    params.push(...filter.types);
  }
  if (filter.streamPrefix) {
    where.push('substr(stream_id, 1, ?) = ?');
    params.push(filter.streamPrefix.length, filter.streamPrefix);
  }
  params.push(limit);
  // without statistics SQLite may pick the wrong index; these are the ones that bound the scan
  const index = filter.types?.length ? 'INDEXED BY events_by_type' : rareKindsOnly ? 'INDEXED BY events_of_rare_kinds' : '';
  return { sql: `SELECT * FROM events ${index} WHERE ${where.join(' AND ')} ORDER BY position LIMIT ?`, params };
}

function toStoredEvent(row: EventRow): StoredEvent {
  return {
    position: row.position,
    streamId: row.stream_id,
    revision: row.revision,
    kind: row.kind,
    producer: row.producer,
    recordedAt: row.recorded_at,
    event: JSON.parse(row.event),
  };
}
