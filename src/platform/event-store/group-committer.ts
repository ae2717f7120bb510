import type Database from 'better-sqlite3';
import type { AppendResult, CloudEventRecord } from './event-store';
import { revisionMatches } from './event-store';
import { retryFingerprint } from './event-identity';
import { logHead } from './sqlite-log-schema';
import type { WireAppend, WireCommit, WireError, WireOutcome, WireRun } from './sqlite-log-wire';

class AppendRefused extends Error {
  constructor(readonly wire: WireError) {
    super(wire.name);
  }
}

type StoredKey = { position: number; content_hash: string | null; filled_in: string | null };
/** Stored runs parsed while checking one append's taken keys, by their last position; chars: their JSON's length */
type ParsedRuns = { runs: Map<number, CloudEventRecord[]>; chars: number };
const PARSED_RUNS_CHARS = 16_000_000;
type ClaimedKeys = { kept: number[]; parsed: CloudEventRecord[] | null };

/**
 * Returns a function that commits a group of appends in one transaction. A conflict refuses its append
 * only: an append of several events runs in a savepoint, so a conflict on a later event rolls back the
 * earlier ones; an append of one event is refused before it writes anything, and skips the savepoint's
 * cost. Any other error (the disk, say) fails the whole group, which then throws, having written nothing.
 */
export function groupCommitter(db: Database.Database): (appends: WireAppend[]) => WireCommit {
  const currentRevision = db.prepare<[string], { revision: number }>(
    'SELECT last_revision AS revision FROM event_runs WHERE stream_id = ? ORDER BY last_revision DESC LIMIT 1',
  );
  const findKey = db.prepare<[string], StoredKey>('SELECT position, content_hash, filled_in FROM event_keys WHERE dedupe_key = ?');
  const runBoundsHolding = db.prepare<[number], { last_position: number; event_count: number }>(
    'SELECT last_position, event_count FROM event_runs WHERE last_position >= ? ORDER BY last_position LIMIT 1',
  );
  const runEvents = db.prepare<[number], { events: string }>('SELECT events FROM event_runs WHERE last_position = ?');
  const insertKey = db.prepare('INSERT INTO event_keys (dedupe_key, position, content_hash, filled_in) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING');
  // key i of the JSON array gets position first + i; "WHERE true" lets SQLite parse ON CONFLICT after a SELECT
  const insertNewKeys = db.prepare<[number, string]>(
    'INSERT INTO event_keys (dedupe_key, position) SELECT value, ? + key FROM json_each(?) WHERE true ON CONFLICT DO NOTHING',
  );
  // undoes insertNewKeys: key i of the array got position first + i, after the head, where no stored key is
  // (a key there anyway means a damaged file, and is left for the one-by-one check to report)
  const deleteNewKeys = db.prepare<[number, string]>(
    'DELETE FROM event_keys WHERE (dedupe_key, position) IN (SELECT value, ? + key FROM json_each(?))',
  );
  const insertRun = db.prepare(
    'INSERT INTO event_runs (last_position, event_count, stream_id, last_revision, kind, producer, recorded_at, events) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insertType = db.prepare('INSERT INTO event_run_types (type, last_position) VALUES (?, ?)');

  // the writer is the log's only writer, so the head and the revisions it wrote stay true until a commit fails
  let head = logHead(db);
  const revisions = new Map<string, number>();
  const revisionOf = (streamId: string) => revisions.get(streamId) ?? currentRevision.get(streamId)?.revision ?? -1;

  /**
   * The stored event a taken key belongs to; a key pointing at no event means the log file was damaged.
   * `parsedRuns` keeps the runs parsed for one append: a retried batch of n events finds all n in one
   * stored run, which read and parsed once per key made the retry cost n times the batch (143 s for a
   * retry of 12,000 events, the writer blocked meanwhile).
   */
  const storedEventOf = (stored: StoredKey, parsedRuns: ParsedRuns): CloudEventRecord => {
    const bounds = runBoundsHolding.get(stored.position);
    const first = bounds ? bounds.last_position - bounds.event_count + 1 : Infinity;
    if (!bounds || stored.position < first) throw new Error(`the log's key index names position ${stored.position}, which holds no event`);
    let events = parsedRuns.runs.get(bounds.last_position);
    if (!events) {
      const { events: json } = runEvents.get(bounds.last_position)!;
      // bounded: the keys of a large request may point into as many large runs
      if (parsedRuns.chars + json.length > PARSED_RUNS_CHARS) {
        parsedRuns.runs.clear();
        parsedRuns.chars = 0;
      }
      events = JSON.parse(json) as CloudEventRecord[];
      parsedRuns.runs.set(bounds.last_position, events);
      parsedRuns.chars += json.length;
    }
    return events[stored.position - first];
  };

  /**
   * Gives each new key of a run the next position and returns the indexes of the run's events to store
   * (with the run's events, when checking a retry had to parse them). A retried event (its key taken by
   * the same content) is counted and not stored again; a key taken by other content refuses the append.
   */
  /** firstIndex: the index of the run's first event among its append's events */
  const claimKeys = (run: WireRun, firstIndex: number, result: AppendResult): ClaimedKeys => {
    // nearly every run's keys are all new: one statement for all of them costs less than one per key
    if (run.keys.length > 1 && run.fingerprints.length === 0 && claimAllNew(run.keys)) {
      return { kept: run.keys.map((_, index) => index), parsed: null };
    }
    return claimKeysOneByOne(run, firstIndex, result);
  };

  /**
   * Gives the keys the next positions, in order, with one statement, if none of them is taken (nor
   * repeated among them); otherwise writes nothing and returns false, for the keys to go one by one.
   */
  const claimAllNew = (keys: string[]): boolean => {
    const keysJson = JSON.stringify(keys);
    if (insertNewKeys.run(head + 1, keysJson).changes === keys.length) {
      head += keys.length;
      return true;
    }
    deleteNewKeys.run(head + 1, keysJson);
    return false;
  };

  const claimKeysOneByOne = (run: WireRun, firstIndex: number, result: AppendResult): ClaimedKeys => {
    const firstPosition = head + 1;
    const fingerprintOf = new Map(run.fingerprints.map((fingerprint) => [fingerprint.index, fingerprint]));
    let parsed: CloudEventRecord[] | null = null;
    const parsedRuns: ParsedRuns = { runs: new Map(), chars: 0 };
    const kept: number[] = [];
    for (let index = 0; index < run.keys.length; index += 1) {
      const fingerprint = fingerprintOf.get(index);
      const filledIn = fingerprint && fingerprint.filledIn.length > 0 ? fingerprint.filledIn.join(',') : null;
      if (insertKey.run(run.keys[index], head + 1, fingerprint?.contentHash ?? null, filledIn).changes === 1) {
        head += 1;
        kept.push(index);
        continue;
      }
      // the key is taken: a retry of the same event (accepted, stored once) or a different event (refused)
      parsed ??= JSON.parse(run.json) as CloudEventRecord[];
      const stored = findKey.get(run.keys[index])!;
      const inThisRun = stored.position >= firstPosition && stored.position <= head;
      const storedEvent = inThisRun ? parsed[kept[stored.position - firstPosition]] : storedEventOf(stored, parsedRuns);
      if (!isRetry(stored, storedEvent, parsed[index], fingerprint)) {
        throw new AppendRefused({ name: 'DuplicateEventConflictError', dedupeKey: run.keys[index], eventIndex: firstIndex + index });
      }
      result.duplicates += 1;
      result.lastPosition = Math.max(result.lastPosition, stored.position);
    }
    return { kept, parsed };
  };

  const appendRun = (streamId: string, run: WireRun, firstIndex: number, revision: number, recordedAt: string, result: AppendResult) => {
    const firstPosition = head + 1;
    const { kept, parsed } = claimKeys(run, firstIndex, result);
    if (kept.length === 0) return revision;
    let json = run.json;
    let types = run.types;
    if (kept.length < run.keys.length) {
      // a retry was found, and checking it parsed the run's events
      const events = parsed ?? (JSON.parse(run.json) as CloudEventRecord[]);
      json = JSON.stringify(kept.map((index) => events[index]));
      types = [...new Set(kept.map((index) => events[index].type))];
    }
    insertRun.run(head, kept.length, streamId, revision + kept.length, run.kind, run.producer, recordedAt, json);
    for (const type of types) insertType.run(type, head);
    for (let position = firstPosition; position <= head; position += 1) result.positions.push(position);
    result.lastPosition = Math.max(result.lastPosition, head);
    return revision + kept.length;
  };

  const appendEvents = (append: WireAppend): AppendResult => {
    const actual = revisionOf(append.streamId);
    if (!revisionMatches(append.expectedRevision, actual)) {
      throw new AppendRefused({ name: 'ExpectedRevisionConflictError', streamId: append.streamId, expected: append.expectedRevision, actual });
    }
    const recordedAt = new Date().toISOString();
    const result: AppendResult = { nextRevision: actual, positions: [], duplicates: 0, lastPosition: 0 };
    let firstIndex = 0;
    for (const run of append.runs) {
      result.nextRevision = appendRun(append.streamId, run, firstIndex, result.nextRevision, recordedAt, result);
      firstIndex += run.keys.length;
    }
    return result;
  };
  const appendInSavepoint = db.transaction(appendEvents);
  const isSingleEvent = (append: WireAppend) => append.runs.length === 1 && append.runs[0].keys.length === 1;

  const appendOne = (append: WireAppend): WireOutcome => {
    const headBefore = head;
    try {
      const result = isSingleEvent(append) ? appendEvents(append) : appendInSavepoint(append);
      rememberRevision(append.streamId, result.nextRevision);
      return { ok: true, result };
    } catch (error) {
      if (!(error instanceof AppendRefused)) throw error;
      head = headBefore;
      return { ok: false, error: error.wire };
    }
  };
  const rememberRevision = (streamId: string, revision: number) => {
    if (revisions.size >= REVISIONS_KEPT) revisions.clear();
    revisions.set(streamId, revision);
  };

  /**
   * Single events that may share a run (see mergeableUntil) stored as one run: one row and one key
   * statement for all of them. Returns null, having written nothing, when a key is taken (a retry, a
   * conflict, or the same key twice among them); they then go one by one.
   */
  const appendTogether = (together: WireAppend[]): WireOutcome[] | null => {
    const runs = together.map((append) => append.runs[0]);
    const firstPosition = head + 1;
    if (!claimAllNew(runs.map((run) => run.keys[0]))) return null;
    const { streamId } = together[0];
    const { kind, producer } = runs[0];
    const revisionBefore = revisionOf(streamId);
    const json = `[${runs.map((run) => run.json.slice(1, -1)).join(',')}]`;
    insertRun.run(head, runs.length, streamId, revisionBefore + runs.length, kind, producer, new Date().toISOString(), json);
    for (const type of new Set(runs.map((run) => run.types[0]))) insertType.run(type, head);
    rememberRevision(streamId, revisionBefore + runs.length);
    return runs.map((_, index): WireOutcome => {
      const position = firstPosition + index;
      return { ok: true, result: { nextRevision: revisionBefore + index + 1, positions: [position], duplicates: 0, lastPosition: position } };
    });
  };

  const commitGroup = db.transaction((appends: WireAppend[]) => {
    const outcomes: WireOutcome[] = [];
    for (let start = 0; start < appends.length; ) {
      const end = mergeableUntil(appends, start);
      const together = end - start > 1 ? appendTogether(appends.slice(start, end)) : null;
      if (together) outcomes.push(...together);
      else for (let index = start; index < end; index += 1) outcomes.push(appendOne(appends[index]));
      start = end;
    }
    return outcomes;
  });
  return (appends) => {
    const headBefore = head;
    try {
      return { outcomes: commitGroup(appends), head };
    } catch (error) {
      head = headBefore;
      revisions.clear();
      throw error;
    }
  };
}

const REVISIONS_KEPT = 10_000;

/**
 * The end (exclusive) of the appends from `start` on that may share one run: consecutive appends of a
 * single event each, to the same stream with any revision expected, of one kind and producer, none with
 * a fingerprint, at most MERGED_RUN_EVENTS of them and MERGED_RUN_CHARS of JSON. Many producers' single
 * events committed together then cost the writer one row instead of one each. Only small runs: a reader
 * parses a whole run to take any of its events, so merging batches, or large events, would have readers
 * taking a few events at a time parse the same long run again and again, and hold all of it at once.
 */
export function mergeableUntil(appends: WireAppend[], start: number): number {
  const first = appends[start];
  const mergeable = (append: WireAppend) =>
    append.expectedRevision === 'any' &&
    append.streamId === first.streamId &&
    append.runs.length === 1 &&
    append.runs[0].keys.length === 1 &&
    append.runs[0].fingerprints.length === 0 &&
    append.runs[0].kind === first.runs[0].kind &&
    append.runs[0].producer === first.runs[0].producer;
  if (!mergeable(first)) return start + 1;
  let end = start + 1;
  let chars = first.runs[0].json.length;
  while (end < appends.length && end - start < MERGED_RUN_EVENTS && mergeable(appends[end])) {
    chars += appends[end].runs[0].json.length;
    if (chars > MERGED_RUN_CHARS) break;
    end += 1;
  }
  return end;
}

const MERGED_RUN_EVENTS = 100;
/** a hundred events of 640 characters; bench (a)'s are some 600 */
const MERGED_RUN_CHARS = 64_000;

/** A key found taken: the same content (as the fingerprints tell) is a retry, stored once; other content a conflict. */
function isRetry(
  stored: StoredKey,
  storedEvent: CloudEventRecord,
  event: CloudEventRecord,
  fingerprint: WireRun['fingerprints'][number] | undefined,
): boolean {
  const storedFingerprint = retryFingerprint(storedEvent, stored.filled_in?.split(',') ?? [], stored.content_hash ?? undefined);
  return storedFingerprint === retryFingerprint(event, fingerprint?.filledIn, fingerprint?.contentHash);
}
