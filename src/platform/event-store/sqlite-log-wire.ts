import type { AppendResult, CloudEventRecord, EventKind, ExpectedRevision, NewEvent } from './event-store';
import { defaultDedupeKey } from './event-identity';

/**
 * What crosses between the main thread and the embedded log's writer thread: appends on the way there,
 * their events already serialized and the whole encoded as one string, so the writer only decodes it and
 * runs the SQL; and a commit's outcomes on the way back, packed so the structured clone copies a block
 * instead of walking an object per append.
 */

/**
 * A run as it crosses to the writer thread: its events already serialized as one JSON array (each as the
 * appender's own text where it gave one), their uniqueness keys and distinct types computed.
 * fingerprints: only the events that carry one.
 */
export type WireRun = {
  kind: EventKind;
  producer: string;
  json: string;
  keys: string[];
  types: string[];
  fingerprints: { index: number; filledIn: string[]; contentHash?: string }[];
};

/**
 * Consecutive events of one kind and producer form a run: one row, one JSON array, in the log.
 * allJson: the events as one JSON array as the appender holds it (AppendOptions.json), used when they
 * form one run.
 */
export function toWireRuns(events: NewEvent[], allJson?: string): WireRun[] {
  const runs: WireRun[] = [];
  for (let start = 0; start < events.length; ) {
    const kind = events[start].kind ?? 'standard';
    const { producer } = events[start];
    let end = start + 1;
    while (end < events.length && (events[end].kind ?? 'standard') === kind && events[end].producer === producer) end += 1;
    const json = start === 0 && end === events.length ? allJson?.trim() : undefined;
    runs.push(toWireRun(events, start, end, kind, producer, json));
    start = end;
  }
  return runs;
}

/**
 * Events [start, end) as one run. Its JSON is the appender's text of them all where it gave one (a
 * producer's batch), else joined from the events' own texts where each came with one (a single event as
 * its producer wrote it); any other run is serialized in one call, which costs less than one per event.
 * The text is trimmed: the writer joins single-event runs by their brackets. Written as plain loops: this
 * runs for every append, on the main thread.
 */
function toWireRun(events: NewEvent[], start: number, end: number, kind: EventKind, producer: string, givenJson?: string): WireRun {
  const records: CloudEventRecord[] = [];
  const texts: string[] = [];
  const keys: string[] = [];
  const types: string[] = [];
  const fingerprints: WireRun['fingerprints'] = [];
  for (let index = start; index < end; index += 1) {
    const { event, dedupeKey, filledIn, contentHash, json } = events[index];
    if (filledIn?.length || contentHash) fingerprints.push({ index: index - start, filledIn: filledIn ?? [], contentHash });
    records.push(event);
    if (json !== undefined) texts.push(json);
    keys.push(dedupeKey ?? defaultDedupeKey(event));
    if (!types.includes(event.type)) types.push(event.type);
  }
  const json = givenJson ?? (texts.length === records.length ? `[${texts.join(',')}]` : JSON.stringify(records));
  return { kind, producer, json, keys, types, fingerprints };
}

/** An append as it crosses to the writer thread: one or more runs of one stream. */
export type WireAppend = { streamId: string; expectedRevision: ExpectedRevision; runs: WireRun[] };

/**
 * Appends for the trip to the writer thread, as a list of strings: first everything but the runs' JSON,
 * encoded as one string (a text as its length, ':' and itself; a list as its length and ';', then its
 * items), then each run's JSON in order, as its own string.
 *
 * Encoded, the structured clone copies a few strings where it walked some twenty objects, arrays, strings
 * and property names per append: 10,900 instructions of a produce request on the main thread (7%);
 * encoded, 4,500 fewer. The runs' JSON stays out of that string because one string of a turn's batches
 * (eight of 60 KB, say) is a large object, allocated fresh on both threads: posting it cost 470-600 µs,
 * against 80-105 µs for the same texts as separate strings (docs/decisions.md).
 */
export type EncodedAppends = string[];

export function encodeAppends(appends: WireAppend[]): EncodedAppends {
  let encoded = count(appends.length);
  const jsons: string[] = [];
  for (const { streamId, expectedRevision, runs } of appends) {
    encoded += text(streamId) + text(String(expectedRevision)) + count(runs.length);
    for (const run of runs) {
      const fingerprints = run.fingerprints.length === 0 ? '' : JSON.stringify(run.fingerprints);
      encoded += text(run.kind) + text(run.producer) + texts(run.keys) + texts(run.types) + text(fingerprints);
      jsons.push(run.json);
    }
  }
  return [encoded, ...jsons];
}

export function decodeAppends([encoded, ...jsons]: EncodedAppends): WireAppend[] {
  const reader = new EncodedReader(encoded ?? '');
  const appends: WireAppend[] = [];
  let nextJson = 0;
  for (let append = reader.count(); append > 0; append -= 1) {
    const streamId = reader.text();
    const expected = reader.text();
    const expectedRevision = /^-?\d+$/.test(expected) ? Number(expected) : (expected as ExpectedRevision);
    const runs: WireRun[] = [];
    for (let run = reader.count(); run > 0; run -= 1) {
      const kind = reader.text() as EventKind;
      const producer = reader.text();
      const keys = reader.texts();
      const types = reader.texts();
      const fingerprints = reader.text();
      const json = jsons[nextJson++];
      if (json === undefined) throw new Error('encoded appends: a run without its JSON');
      runs.push({ kind, producer, json, keys, types, fingerprints: fingerprints === '' ? [] : JSON.parse(fingerprints) });
    }
    appends.push({ streamId, expectedRevision, runs });
  }
  reader.end();
  if (nextJson !== jsons.length) throw new Error(`encoded appends: ${jsons.length - nextJson} JSON texts left over`);
  return appends;
}

const text = (value: string) => `${value.length}:${value}`;
const count = (length: number) => `${length};`;

function texts(values: string[]): string {
  let encoded = count(values.length);
  for (const value of values) encoded += text(value);
  return encoded;
}

class EncodedReader {
  private at = 0;
  constructor(private readonly encoded: string) {}

  text(): string {
    const length = this.number(':');
    this.at += length;
    return this.encoded.slice(this.at - length, this.at);
  }

  count(): number {
    return this.number(';');
  }

  texts(): string[] {
    const values: string[] = [];
    for (let remaining = this.count(); remaining > 0; remaining -= 1) values.push(this.text());
    return values;
  }

  end(): void {
    if (this.at !== this.encoded.length) throw new Error(`encoded appends: ${this.encoded.length - this.at} characters left over`);
  }

  /** The decimal number up to `terminator`; the reader moves past the terminator. */
  private number(terminator: string): number {
    const end = this.encoded.indexOf(terminator, this.at);
    const digits = end < 0 ? '' : this.encoded.slice(this.at, end);
    if (!/^\d+$/.test(digits)) throw new Error(`encoded appends: no length at ${this.at}`);
    this.at = end + 1;
    return Number(digits);
  }
}

export type WireError =
  | { name: 'ExpectedRevisionConflictError'; streamId: string; expected: ExpectedRevision; actual: number }
  | { name: 'DuplicateEventConflictError'; dedupeKey: string; eventIndex: number };

export type WireOutcome = { ok: true; result: AppendResult } | { ok: false; error: WireError };
export type WireCommit = { outcomes: WireOutcome[]; head: number };

/** What the main thread sends the writer thread: the appends of one turn of its event loop, encoded (encodeAppends). */
export type WriterRequest = { id: number; appends: EncodedAppends };
/** The writer's one answer to the requests it committed together; outcomes in the order of their appends. */
/** failure: why the whole group was not committed; code: SQLite's error code, when SQLite refused it */
export type WriterReply = { ids: number[] } & (PackedCommit | { failure: string; code?: string });

/**
 * A commit's outcomes as they cross back to the main thread: RESULT_FIELDS numbers per append in one
 * typed array (copied as one block, where an object per append cost more to clone than the rest of the
 * reply), and the refusals by append index. The writer gives an append consecutive positions, so first
 * and count stand for them; any other list would travel whole in `listed`.
 */
export type PackedCommit = { head: number; results: Float64Array; refusals: [number, WireError][]; listed: [number, number[]][] };
const RESULT_FIELDS = 5;

export function packCommit({ outcomes, head }: WireCommit): PackedCommit {
  const results = new Float64Array(outcomes.length * RESULT_FIELDS);
  const refusals: [number, WireError][] = [];
  const listed: [number, number[]][] = [];
  outcomes.forEach((outcome, index) => {
    if (!outcome.ok) return refusals.push([index, outcome.error]);
    const { nextRevision, positions, duplicates, lastPosition } = outcome.result;
    if (!areConsecutive(positions)) listed.push([index, positions]);
    results.set([nextRevision, positions[0] ?? 0, positions.length, duplicates, lastPosition], index * RESULT_FIELDS);
  });
  return { head, results, refusals, listed };
}

export function unpackCommit({ head, results, refusals, listed }: PackedCommit): WireCommit {
  const outcomes: WireOutcome[] = [];
  for (let at = 0; at < results.length; at += RESULT_FIELDS) {
    const positions: number[] = [];
    for (let position = results[at + 1], last = position + results[at + 2]; position < last; position += 1) positions.push(position);
    outcomes.push({ ok: true, result: { nextRevision: results[at], positions, duplicates: results[at + 3], lastPosition: results[at + 4] } });
  }
  for (const [index, positions] of listed) (outcomes[index] as { result: AppendResult }).result.positions = positions;
  for (const [index, error] of refusals) outcomes[index] = { ok: false, error };
  return { outcomes, head };
}

function areConsecutive(positions: number[]): boolean {
  for (let index = 1; index < positions.length; index += 1) if (positions[index] !== positions[0] + index) return false;
  return true;
}
