import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import {
  DuplicateEventConflictError,
  ExpectedRevisionConflictError,
  LogUnavailableError,
  type AppendResult,
  type CloudEventRecord,
  type EventStore,
  type LogFilter,
  type StoredEvent,
} from './event-store';
import { preparedStatements } from '../sqlite-statements';
import { logHead, prepareLogSchema, type EventRunRow } from './sqlite-log-schema';
import { encodeAppends, toWireRuns, unpackCommit, type WireAppend, type WireError, type WriterReply, type WriterRequest } from './sqlite-log-wire';

const TYPE_SCAN_WINDOW = 20_000;
/**
 * A turn's appends go to the writer at its end, so that one commit takes them together, unless they
 * already hold this many characters of events (a batch of some fifty events): those go at once, and the
 * writer commits them while this thread reads the turn's other requests (docs/decisions.md).
 */
const SEND_AT_ONCE_CHARS = 32_768;
/** An append waiting for its commit; its events went to the writer and are not kept here (types: those it holds). */
type PendingAppend = { types: string[]; resolve: (result: AppendResult) => void; reject: (error: unknown) => void };

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
  // a run holds one event or more, so `limit` runs hold at least `limit` events (-1: no limit)
  const selectStream = db.prepare<[string, number, number], EventRunRow>(
    'SELECT * FROM event_runs WHERE stream_id = ? AND last_revision >= ? ORDER BY last_revision LIMIT ?',
  );
  const prepared = preparedStatements<EventRunRow>(db);
  let head = logHead(db);
  const lastOfType = lastPositionsByType(db);

  const writer = startWriter(path);
  const listeners = new Set<(head: number) => void>();
  const inFlight = new Map<number, PendingAppend[]>();
  let queue: PendingAppend[] = [];
  let queuedWires: WireAppend[] = [];
  let nextId = 1;
  /** characters of events in `queuedWires` */
  let queuedChars = 0;
  let broken: LogUnavailableError | null = null;
  /** the last commit refused by the storage (a full disk, say), until a commit succeeds again */
  let lastStorageFailure: StorageFailure | null = null;
  let closing = false;

  /** The appends of one turn of the event loop (or the part of it sent at once) go to the writer as one request. */
  function send() {
    queuedChars = 0;
    if (queue.length === 0) return;
    const id = nextId++;
    inFlight.set(id, queue);
    const request: WriterRequest = { id, appends: encodeAppends(queuedWires) };
    writer.postMessage(request);
    queue = [];
    queuedWires = [];
  }

  writer.on('message', (reply: WriterReply) => {
    const group = reply.ids.flatMap((id) => inFlight.get(id) ?? []);
    for (const id of reply.ids) inFlight.delete(id);
    if ('failure' in reply) {
      const failure = commitFailure(reply.failure, reply.code);
      if (failure instanceof LogUnavailableError) lastStorageFailure = { at: Date.now(), reason: failure.reason };
      for (const pending of group) pending.reject(failure);
      return;
    }
    lastStorageFailure = null;
    const { outcomes } = unpackCommit(reply);
    head = Math.max(head, reply.head);
    outcomes.forEach((outcome, index) => {
      if (!outcome.ok) return group[index].reject(toError(outcome.error));
      lastOfType.appended(group[index].types, head);
      group[index].resolve(outcome.result);
    });
    for (const listener of listeners) listener(head);
  });
  /** The writer thread is gone: every append waiting for it, and every later one, is refused. */
  function breakWith(reason: string) {
    broken = new LogUnavailableError(reason);
    for (const pending of [...[...inFlight.values()].flat(), ...queue]) pending.reject(broken);
    inFlight.clear();
    queue = [];
    queuedWires = [];
  }
  writer.on('error', (error) => breakWith(`its writer thread failed: ${error.message}`));
  writer.on('exit', (code) => {
    if (!closing && !broken) breakWith(`its writer thread stopped (exit code ${code})`);
  });

  return {
    append(streamId, events, options = {}) {
      if (broken) return Promise.reject(broken);
      const wire: WireAppend = { streamId, expectedRevision: options.expectedRevision ?? 'any', runs: toWireRuns(events, options.json) };
      const types = wire.runs.flatMap((run) => run.types);
      return new Promise<AppendResult>((resolve, reject) => {
        queuedWires.push(wire);
        if (queue.push({ types, resolve, reject }) === 1) setImmediate(send);
        for (const run of wire.runs) queuedChars += run.json.length;
        if (queuedChars >= SEND_AT_ONCE_CHARS) send();
      });
    },

    async readStream(streamId, { fromRevision = 0, limit, maxSize = Number.POSITIVE_INFINITY } = {}) {
      if (limit !== undefined && limit <= 0) return [];
      const found: StoredEvent[] = [];
      let size = 0;
      // each run holds at least one event: `limit` runs hold the events asked for
      for (const run of selectStream.iterate(streamId, fromRevision, limit ?? -1)) {
        for (const stored of eventsOf(run)) {
          if (stored.revision < fromRevision) continue;
          found.push(stored);
          size += stored.size;
          if (found.length === limit || size >= maxSize) return found;
        }
      }
      return found;
    },

    async readAll({ after, limit, maxSize = Number.POSITIVE_INFINITY, filter = {} }) {
      const types = filter.types?.length ? new Set(filter.types) : null;
      // readers of a few types (projections, followers) ask after every commit; most commits hold none of them
      if (limit <= 0 || (types && [...types].every((type) => lastOfType.get(type) <= after))) return [];
      const found: StoredEvent[] = [];
      let size = 0;
      const full = () => found.length >= limit || size >= maxSize;
      const collect = (runs: Iterable<EventRunRow>) => {
        for (const run of runs) {
          for (const stored of eventsOf(run)) {
            if (stored.position <= after || (types && !types.has(stored.event.type))) continue;
            found.push(stored);
            size += stored.size;
            if (full()) return;
          }
        }
      };
      if (!types) {
        const { sql, params } = readAllQuery(after, Number.MAX_SAFE_INTEGER, filter);
        collect(prepared(sql).iterate(...params));
        return found;
      }
      // By type: walk the log in windows of positions through the types of each run, so a reader far
      // behind never sorts every matching run of the log to return the first few.
      for (let from = after; !full() && from < head; from += TYPE_SCAN_WINDOW) {
        const { sql, params } = readAllQuery(from, from + TYPE_SCAN_WINDOW, filter);
        collect(prepared(sql).iterate(...params));
      }
      return found;
    },

    async headPosition() {
      return head;
    },

    async checkHealth() {
      const problem = logHealthProblem({ broken: broken?.reason ?? null, lastStorageFailure, now: Date.now() });
      if (problem) throw new LogUnavailableError(problem);
      logHead(db); // the read connection answers
    },

    onAppended(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async close() {
      while ((queue.length > 0 || inFlight.size > 0) && !broken) await new Promise((resolve) => setTimeout(resolve, 5));
      listeners.clear();
      closing = true;
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
 * commits (it is the log's only writer). Looked up in the types of runs the first time a type is asked for.
 * An append that turned out to be a retry still counts: that costs one needless query, never a missed event.
 */
function lastPositionsByType(db: Database.Database) {
  const lastOf = db.prepare<[string], { position: number | null }>('SELECT MAX(last_position) AS position FROM event_run_types WHERE type = ?');
  const known = new Map<string, number>();
  return {
    get(type: string): number {
      let position = known.get(type);
      if (position === undefined) known.set(type, (position = lastOf.get(type)?.position ?? 0));
      return position;
    },
    appended(types: string[], head: number) {
      for (const type of types) if (known.has(type)) known.set(type, Math.max(known.get(type)!, head));
    },
  };
}

type StorageFailure = { at: number; reason: string };

/** How long after a commit the storage refused the log counts as unable to store events, if none succeeded since. */
export const STORAGE_FAILURE_WINDOW_MS = 30_000;

/**
 * Why the embedded log cannot take appends now, or null: its writer thread is gone, or the storage refused
 * a commit in the last 30 s and no commit succeeded since. After that window the log is taken as able
 * again, so that a bridge a load balancer took out of service gets appends, and with them the truth, again.
 */
export function logHealthProblem(state: { broken: string | null; lastStorageFailure: StorageFailure | null; now: number }): string | null {
  if (state.broken) return state.broken;
  const failure = state.lastStorageFailure;
  if (failure && state.now - failure.at < STORAGE_FAILURE_WINDOW_MS) {
    return `the storage refused a commit ${Math.round((state.now - failure.at) / 1000)} s ago (${failure.reason}), and none succeeded since`;
  }
  return null;
}

/**
 * The error for a group the writer could not commit. SQLite's codes for a full disk, an I/O error, a file
 * no longer writable or a lock held elsewhere mean the storage refused it for now: the append may be sent
 * again. Anything else is a fault of the platform.
 */
export function commitFailure(message: string, code: string | undefined): Error {
  if (code && /^SQLITE_(FULL|IOERR|READONLY|BUSY|CANTOPEN)/.test(code)) return new LogUnavailableError(`${message} (${code})`);
  return new Error(`the event log could not commit: ${message}${code ? ` (${code})` : ''}`);
}

function toError(error: WireError): Error {
  return error.name === 'ExpectedRevisionConflictError'
    ? new ExpectedRevisionConflictError(error.streamId, error.expected, error.actual)
    : new DuplicateEventConflictError(error.dedupeKey, error.eventIndex);
}

/** The runs holding events after `after` (their last position is past it) up to `upTo`, oldest first. */
function readAllQuery(after: number, upTo: number, filter: LogFilter) {
  const where = ['last_position > ?', 'last_position <= ?'];
  const params: unknown[] = [after, upTo];
  const rareKindsOnly = !!filter.kinds?.length && !filter.kinds.includes('standard');
  if (filter.kinds?.length) {
    where.push(`kind IN (${filter.kinds.map(() => '?').join(',')})`);
    params.push(...filter.kinds);
  }
  // the partial index serves a query only when the query repeats its condition word for word
  if (rareKindsOnly) where.push(`kind <> 'standard'`);
  if (filter.types?.length) {
    const typeList = filter.types.map(() => '?').join(',');
    where.push(`last_position IN (SELECT last_position FROM event_run_types WHERE type IN (${typeList}) AND last_position > ? AND last_position <= ?)`);
    params.push(...filter.types, after, upTo);
  }
  if (filter.streamPrefix) {
    where.push('substr(stream_id, 1, ?) = ?');
    params.push(filter.streamPrefix.length, filter.streamPrefix);
  }
  // without statistics SQLite may pick the wrong index; this one bounds the scan to the rare kinds
  const index = rareKindsOnly && !filter.types?.length ? 'INDEXED BY event_runs_of_rare_kinds' : '';
  return { sql: `SELECT * FROM event_runs ${index} WHERE ${where.join(' AND ')} ORDER BY last_position`, params };
}

function eventsOf(run: EventRunRow): StoredEvent[] {
  const events = JSON.parse(run.events) as CloudEventRecord[];
  const firstPosition = run.last_position - run.event_count + 1;
  const firstRevision = run.last_revision - run.event_count + 1;
  const size = Math.ceil(run.events.length / run.event_count);
  return events.map((event, index) => ({
    position: firstPosition + index,
    streamId: run.stream_id,
    revision: firstRevision + index,
    kind: run.kind,
    producer: run.producer,
    recordedAt: run.recorded_at,
    event,
    size,
  }));
}
