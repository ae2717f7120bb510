import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ANY,
  BACKWARDS,
  DeadlineExceededError,
  END,
  EventStoreDBClient,
  FORWARDS,
  MaxAppendSizeExceededError,
  NO_STREAM as ESDB_NO_STREAM,
  NotLeaderError,
  STREAM_EXISTS as ESDB_STREAM_EXISTS,
  StreamNotFoundError,
  TimeoutError,
  UnavailableError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type AppendExpectedRevision,
  type Position,
  type ReadStreamOptions,
  type ResolvedEvent,
} from '@eventstore/db-client';
import {
  ANY_REVISION,
  AppendTooLargeError,
  DuplicateEventConflictError,
  ExpectedRevisionConflictError,
  LogUnavailableError,
  NO_STREAM,
  STREAM_EXISTS,
  revisionMatches,
  type AppendResult,
  type CloudEventRecord,
  type EventKind,
  type EventStore,
  type ExpectedRevision,
  type LogFilter,
  type NewEvent,
  type StoredEvent,
} from './event-store';
import { identityOf } from './event-identity';

/**
 * The production event log on EventStoreDB (docs/decisions.md, "Event log on EventStoreDB").
 *
 * A port stream is an EventStoreDB stream. An event is a JSON event: data = the CloudEvent record,
 * metadata = { kind, producer, dedupeKey, contentHash, recordedAt, batchId, size }.
 *
 * Global position = the event's commit position in $all, as a Number. Events written through gRPC
 * appends each get their own commit position (their byte offset in the transaction log), so positions
 * are unique and grow in commit order, but they are not consecutive. Number is exact up to 2^53 bytes
 * of log (8 PiB). readAll's `after` must be 0 or a position this store returned.
 *
 * Atomicity: one append to one stream is atomic, nothing more. Deduplication by source + id across
 * the whole log therefore takes two steps: first a reservation per dedupeKey (its own stream, written
 * with an expected revision), then the batch append. How each failure between the two is handled is
 * written next to the code that handles it, and summed up in docs/decisions.md.
 */
const RESERVATION_PREFIX = '_dedupe-';
const RESERVED = 'DedupeReserved';
const RELEASED = 'DedupeReleased';
/** how long an unfinished reservation holds its key before another append may take it over */
const RESERVATION_LEASE_MS = 30_000;
/**
 * The batch append must end (written or given up) while its reservations still hold: it starts only with
 * two thirds of the lease left, and its deadline is one third. Were it still running when the lease ran
 * out, a retry could take the keys over and the events would be written twice. (The client's default
 * deadline, 10 s, used to equal the lease.)
 */
const APPEND_DEADLINE_MS = RESERVATION_LEASE_MS / 3;
/**
 * Every read goes to the leader: a follower may lag it, and a key's event or a batch's positions read
 * there could be missing (a duplicate written, a position lost).
 */
const ON_LEADER = { requiresLeader: true } as const;
const READ_PAGE = 500;

type EventMetadata = {
  kind: EventKind;
  producer: string;
  dedupeKey: string;
  contentHash: string;
  recordedAt: string;
  /** the append attempt that wrote the event, so a reservation can be matched with its event */
  batchId: string;
  /** the length of the event's JSON (StoredEvent.size; the client does not tell the size it read) */
  size: number;
};

type Reservation = { dedupeKey: string; contentHash: string; streamId: string; batchId: string; revisionBefore: number };
type Candidate = { newEvent: NewEvent; dedupeKey: string; contentHash: string };
type Attempt = { streamId: string; batchId: string; revisionBefore: number };
type HeldReservation = { status: 'reserved'; stream: string; revision: bigint };
type Claim = HeldReservation | { status: 'stored'; contentHash: string; position: number } | { status: 'busy' };

export async function openEventStoreDbEventStore(connectionString: string): Promise<EventStore> {
  if (/throwOnAppendFailure=false/i.test(connectionString)) {
    throw new Error('EVENTSTORE_URL must not set throwOnAppendFailure=false: expected-revision conflicts are read from thrown errors');
  }
  const client = EventStoreDBClient.connectionString(connectionString);
  const notifier = startAppendNotifier(client, await headPosition(client));
  const appending = new Set<Promise<unknown>>();

  async function appendWhenKeysFree(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    const giveUpAt = Date.now() + 3 * RESERVATION_LEASE_MS;
    for (;;) {
      const outcome = await tryAppend(client, streamId, events, expected);
      if (outcome !== 'busy') {
        // this process's own appends wake its listeners at once, whatever becomes of the subscription
        if (outcome.lastPosition > 0) notifier.appended(outcome.lastPosition);
        return outcome;
      }
      if (Date.now() > giveUpAt) throw new Error(`${streamId}: an earlier append of the same events is still unfinished`);
      await sleep(20 + Math.random() * 80);
    }
  }

  return {
    append(streamId, events, options = {}) {
      const appended = appendWhenKeysFree(streamId, events, options.expectedRevision ?? ANY_REVISION).catch((error: unknown) => {
        throw isServerUnreachable(error)
          ? new LogUnavailableError(`EventStoreDB did not answer (${(error as Error).message || (error as Error).name}); the append may or may not be stored, and a retry is stored once`)
          : error;
      });
      const settled = appended.catch(() => undefined);
      appending.add(settled);
      void settled.then(() => appending.delete(settled));
      return appended;
    },

    async readStream(streamId, { fromRevision = 0, limit, maxSize = Number.POSITIVE_INFINITY } = {}) {
      if (limit !== undefined && limit <= 0) return [];
      const read = client.readStream(streamId, {
        fromRevision: BigInt(Math.max(0, fromRevision)),
        ...(limit !== undefined ? { maxCount: limit } : {}),
        ...ON_LEADER,
      });
      const found: StoredEvent[] = [];
      let size = 0;
      try {
        for await (const resolved of read) {
          const stored = toStoredEvent(resolved);
          if (!stored) continue;
          found.push(stored);
          size += stored.size;
          if (size >= maxSize) {
            // leaving the loop ends the client's stream, not the gRPC call under it (as in readAll)
            await read.cancel();
            break;
          }
        }
      } catch (error) {
        if (error instanceof StreamNotFoundError) return [];
        throw error;
      }
      return found;
    },

    async readAll({ after, limit, maxSize = Number.POSITIVE_INFINITY, filter = {} }) {
      const found: StoredEvent[] = [];
      if (limit <= 0) return found;
      let size = 0;
      for (let from = after; ; ) {
        // readAll of client 6.x has no server-side filter, so each page is filtered here, streamed: a page
        // of large events is never held at once, and the read is cancelled once enough matched
        const page = client.readAll({ fromPosition: logPosition(from), maxCount: READ_PAGE, direction: FORWARDS, ...ON_LEADER });
        let seen = 0;
        let lastSeen = from;
        for await (const resolved of page) {
          seen += 1;
          const position = positionOf(resolved);
          if (position <= from) continue; // a read from a position includes the event at it
          lastSeen = position;
          const stored = platformEvent(resolved);
          if (stored && matches(stored, filter)) {
            found.push(stored);
            size += stored.size;
          }
          if (found.length === limit || size >= maxSize) break;
        }
        if (found.length === limit || size >= maxSize) {
          // leaving the loop ends the client's stream, not the gRPC call under it (ReadStream pipes it)
          await page.cancel();
          return found;
        }
        if (seen < READ_PAGE || lastSeen === from) return found;
        from = lastSeen;
      }
    },

    headPosition: () => headPosition(client),

    // the leader answers a read of $all: the node this bridge appends to is reachable
    async checkHealth() {
      try {
        await headPosition(client);
      } catch (error) {
        throw new LogUnavailableError(`EventStoreDB does not answer: ${(error as Error).message}`);
      }
    },

    onAppended: notifier.add,

    async close() {
      // an append cut off here would keep its keys reserved for a whole lease
      await Promise.all(appending);
      await notifier.stop();
      await client.dispose();
    },
  };
}

/** One try: 'busy' when another unfinished append holds one of the keys (the caller waits and tries again). */
async function tryAppend(
  client: EventStoreDBClient,
  streamId: string,
  events: NewEvent[],
  expected: ExpectedRevision,
): Promise<AppendResult | 'busy'> {
  // Checked before reserving, so a stale command leaves no reservations behind; the server checks again.
  const revisionBefore = await lastRevision(client, streamId);
  if (!revisionMatches(expected, revisionBefore)) throw new ExpectedRevisionConflictError(streamId, expected, revisionBefore);
  const { candidates, copies } = distinctByKey(events);
  const attempt: Attempt = { streamId, batchId: randomUUID(), revisionBefore };

  const claimingSince = Date.now();
  const claims = await claimAll(client, candidates, attempt);
  const held = heldIn(claims);
  if (Date.now() - claimingSince > RESERVATION_LEASE_MS / 3) {
    // too little of the lease is left for the append's deadline (APPEND_DEADLINE_MS): claim again
    await release(client, held, attempt.batchId);
    return 'busy';
  }
  const refused = candidates.find((candidate, index) => {
    const claim = claims[index];
    return claim.status === 'stored' && claim.contentHash !== candidate.contentHash;
  });
  if (refused || claims.some((claim) => claim.status === 'busy')) {
    // Held keys are given back before waiting, so two appends holding each other's keys cannot stall.
    await release(client, held, attempt.batchId);
    if (refused) throw new DuplicateEventConflictError(refused.dedupeKey, events.indexOf(refused.newEvent));
    return 'busy';
  }

  const storedPositions = claims.flatMap((claim) => (claim.status === 'stored' ? [claim.position] : []));
  const duplicates = copies + storedPositions.length;
  const lastDuplicate = storedPositions.reduce((highest, position) => Math.max(highest, position), 0);
  const fresh = candidates.filter((_, index) => claims[index].status === 'reserved');
  if (fresh.length === 0) return { nextRevision: revisionBefore, positions: [], duplicates, lastPosition: lastDuplicate };

  const recordedAt = new Date().toISOString();
  let nextExpectedRevision: bigint;
  try {
    ({ nextExpectedRevision } = await client.appendToStream(
      streamId,
      fresh.map((candidate) => toEventData(candidate, attempt.batchId, recordedAt)),
      { expectedRevision: toEsdbExpectedRevision(expected), deadline: APPEND_DEADLINE_MS },
    ));
  } catch (error) {
    if (error instanceof WrongExpectedVersionError) {
      // Definitely nothing written: the keys are given back at once.
      await release(client, held, attempt.batchId);
      throw new ExpectedRevisionConflictError(streamId, expected, fromCurrentRevision(error.actualVersion));
    }
    if (error instanceof MaxAppendSizeExceededError) {
      await release(client, held, attempt.batchId);
      throw new AppendTooLargeError(error.maxAppendSize);
    }
    // Outcome unknown (connection lost, timeout): the reservations stay. A retry finds the events if
    // they were written, and otherwise takes the keys over once the lease has run out.
    throw error;
  }
  const nextRevision = Number(nextExpectedRevision);
  const positions = await positionsOf(client, streamId, nextRevision - fresh.length + 1, fresh.length);
  return { nextRevision, positions, duplicates, lastPosition: Math.max(lastDuplicate, positions[positions.length - 1]) };
}

function distinctByKey(events: NewEvent[]): { candidates: Candidate[]; copies: number } {
  const byKey = new Map<string, Candidate>();
  let copies = 0;
  for (const [index, newEvent] of events.entries()) {
    const { dedupeKey, contentHash } = identityOf(newEvent);
    const earlier = byKey.get(dedupeKey);
    if (!earlier) byKey.set(dedupeKey, { newEvent, dedupeKey, contentHash });
    else if (earlier.contentHash !== contentHash) throw new DuplicateEventConflictError(dedupeKey, index);
    else copies += 1;
  }
  return { candidates: [...byKey.values()], copies };
}

/** Claims every key of the append; when one claim fails, the keys already held are given back. */
async function claimAll(client: EventStoreDBClient, candidates: Candidate[], attempt: Attempt): Promise<Claim[]> {
  const settled = await Promise.allSettled(candidates.map((candidate) => claimKey(client, candidate, attempt)));
  const claims = settled.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  const failure = settled.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failure) {
    await release(client, heldIn(claims), attempt.batchId);
    throw failure.reason;
  }
  return claims;
}

function heldIn(claims: Claim[]): HeldReservation[] {
  return claims.filter((claim): claim is HeldReservation => claim.status === 'reserved');
}

/**
 * Reserves a dedupeKey for this attempt, or says where its event already is. A reservation stream holds
 * DedupeReserved / DedupeReleased events; its last event decides. A key is free when the stream is
 * empty, released, or reserved by an attempt whose event is not in the log and whose lease has run out
 * (that attempt crashed or failed between its two steps).
 */
async function claimKey(client: EventStoreDBClient, candidate: Candidate, attempt: Attempt): Promise<Claim> {
  const stream = RESERVATION_PREFIX + createHash('sha256').update(candidate.dedupeKey).digest('base64url');
  const reservation: Reservation = { dedupeKey: candidate.dedupeKey, contentHash: candidate.contentHash, ...attempt };
  for (;;) {
    const [latest] = await readStreamEvents(client, stream, { direction: BACKWARDS, fromRevision: END, maxCount: 1 });
    const recorded = latest?.event;
    if (recorded?.type === RESERVED) {
      const earlier = recorded.data as Reservation;
      const position = await findReservedEvent(client, earlier, recorded.created);
      if (position !== undefined) return { status: 'stored', contentHash: earlier.contentHash, position };
      if (Date.now() - recorded.created.getTime() < RESERVATION_LEASE_MS) return { status: 'busy' };
    }
    try {
      const { nextExpectedRevision } = await client.appendToStream(stream, jsonEvent({ type: RESERVED, data: reservation }), {
        expectedRevision: recorded ? recorded.revision : ESDB_NO_STREAM,
      });
      return { status: 'reserved', stream, revision: nextExpectedRevision };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) continue; // another append changed the reservation first
      throw error;
    }
  }
}

/**
 * Looks for the event a reservation was made for. Its batch was appended after the reservation, so the
 * search starts after the revision the stream had then and stops at events recorded more than a lease
 * after the reservation (server clock on both sides).
 */
async function findReservedEvent(client: EventStoreDBClient, reservation: Reservation, reservedAt: Date): Promise<number | undefined> {
  const horizon = reservedAt.getTime() + RESERVATION_LEASE_MS;
  let from = BigInt(reservation.revisionBefore + 1);
  for (;;) {
    const page = await readStreamEvents(client, reservation.streamId, { fromRevision: from, maxCount: READ_PAGE });
    for (const resolved of page) {
      const recorded = resolved.event;
      if (!recorded) continue;
      const metadata = recorded.metadata as Partial<EventMetadata> | undefined;
      if (metadata?.batchId === reservation.batchId && metadata.dedupeKey === reservation.dedupeKey) return positionOf(resolved);
      if (recorded.created.getTime() > horizon) return undefined;
    }
    if (page.length < READ_PAGE) return undefined;
    from = page[page.length - 1].event!.revision + 1n;
  }
}

/** Best effort: a release that fails leaves the key held until its lease runs out. */
async function release(client: EventStoreDBClient, held: HeldReservation[], batchId: string): Promise<void> {
  await Promise.allSettled(
    held.map((reservation) =>
      client.appendToStream(reservation.stream, jsonEvent({ type: RELEASED, data: { batchId } }), {
        expectedRevision: reservation.revision,
      }),
    ),
  );
}

function toEventData(candidate: Candidate, batchId: string, recordedAt: string) {
  const { newEvent, dedupeKey, contentHash } = candidate;
  const size = newEvent.json?.length ?? JSON.stringify(newEvent.event).length;
  const metadata: EventMetadata = { kind: newEvent.kind ?? 'standard', producer: newEvent.producer, dedupeKey, contentHash, recordedAt, batchId, size };
  return jsonEvent({ type: esdbEventType(newEvent.event.type), data: newEvent.event, metadata });
}

/**
 * The label EventStoreDB files the event under; the record keeps its own type. A type starting with `$`
 * marks a system event there, which every read of $all here leaves out, so such a label gets a `_` first.
 */
function esdbEventType(type: string): string {
  return type.startsWith('$') ? `_${type}` : type;
}

function toEsdbExpectedRevision(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case ANY_REVISION:
      return ANY;
    case NO_STREAM:
      return ESDB_NO_STREAM;
    case STREAM_EXISTS:
      return ESDB_STREAM_EXISTS;
    default:
      return expected < 0 ? ESDB_NO_STREAM : BigInt(expected);
  }
}

function fromCurrentRevision(actual: unknown): number {
  return typeof actual === 'bigint' ? Number(actual) : -1;
}

async function lastRevision(client: EventStoreDBClient, streamId: string): Promise<number> {
  const [last] = await readStreamEvents(client, streamId, { direction: BACKWARDS, fromRevision: END, maxCount: 1 });
  return last?.event ? Number(last.event.revision) : -1;
}

/** The append result carries one position for the whole batch; each event's own is read back. */
async function positionsOf(client: EventStoreDBClient, streamId: string, firstRevision: number, count: number): Promise<number[]> {
  const written = await readStreamEvents(client, streamId, { fromRevision: BigInt(firstRevision), maxCount: count });
  if (written.length !== count) throw new Error(`${streamId}: read back ${written.length} of the ${count} events just appended`);
  return written.map(positionOf);
}

/**
 * The client's errors for a server it cannot reach, that did not answer in time, or that is not the leader
 * (an election): the log cannot store events now, as a full disk is for the embedded log. An append cut
 * off this way may have been written; its keys stay reserved, and a retry finds it (stored once).
 */
export function isServerUnreachable(error: unknown): boolean {
  return error instanceof UnavailableError || error instanceof DeadlineExceededError || error instanceof TimeoutError || error instanceof NotLeaderError;
}

/** The position of the last record in $all (system records included: any of them is a valid `after`). */
async function headPosition(client: EventStoreDBClient): Promise<number> {
  const [last] = await collect(client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1, ...ON_LEADER }));
  return last ? positionOf(last) : 0;
}

async function readStreamEvents(client: EventStoreDBClient, streamId: string, options: ReadStreamOptions): Promise<ResolvedEvent[]> {
  try {
    return await collect(client.readStream(streamId, { ...options, ...ON_LEADER }));
  } catch (error) {
    if (error instanceof StreamNotFoundError) return [];
    throw error;
  }
}

async function collect<E>(read: AsyncIterable<E>): Promise<E[]> {
  const all: E[] = [];
  for await (const item of read) all.push(item);
  return all;
}

function logPosition(position: number): Position {
  return { commit: BigInt(position), prepare: BigInt(position) };
}

function positionOf(resolved: ResolvedEvent | AllStreamResolvedEvent): number {
  const position = logPositionOf(resolved);
  if (position === undefined) throw new Error('EventStoreDB returned an event without its log position (server 22.6 or later needed)');
  return position;
}

/** The event's commit position; servers before 22.6 give stream reads none, or 2^64 - 1 (an unsigned -1) in its place. */
function logPositionOf(resolved: ResolvedEvent | AllStreamResolvedEvent): number | undefined {
  const commit = resolved.event?.position?.commit ?? resolved.commitPosition;
  return commit === undefined || commit >= 1n << 63n ? undefined : Number(commit);
}

/** Our events only: not system streams or types (`$...`), not reservations, not foreign binary events. */
function platformEvent(resolved: AllStreamResolvedEvent): StoredEvent | undefined {
  const recorded = resolved.event;
  if (!recorded || recorded.type.startsWith('$') || recorded.streamId.startsWith('$')) return undefined;
  if (recorded.streamId.startsWith(RESERVATION_PREFIX)) return undefined;
  return toStoredEvent(resolved);
}

function toStoredEvent(resolved: ResolvedEvent | AllStreamResolvedEvent): StoredEvent | undefined {
  const recorded = resolved.event;
  if (!recorded?.isJson) return undefined;
  const metadata = (recorded.metadata ?? {}) as Partial<EventMetadata>;
  return {
    position: positionOf(resolved),
    streamId: recorded.streamId,
    revision: Number(recorded.revision),
    kind: metadata.kind ?? 'standard',
    producer: metadata.producer ?? '',
    recordedAt: metadata.recordedAt ?? recorded.created.toISOString(),
    event: recorded.data as CloudEventRecord,
    // events appended before the size was kept are measured once read
    size: metadata.size ?? JSON.stringify(recorded.data).length,
  };
}

function matches(stored: StoredEvent, filter: LogFilter): boolean {
  if (filter.kinds?.length && !filter.kinds.includes(stored.kind)) return false;
  if (filter.types?.length && !filter.types.includes(stored.event.type)) return false;
  if (filter.streamPrefix && !stored.streamId.startsWith(filter.streamPrefix)) return false;
  return true;
}

/**
 * onAppended for a shared server: a catch-up subscription to $all (system events excluded on the
 * server) from the head at open, so appends by any process wake this one; this process's own appends
 * wake it directly too. Notifications are coalesced to one per turn of the event loop. A dropped
 * subscription is restarted from the last position seen.
 */
function startAppendNotifier(client: EventStoreDBClient, startAt: number) {
  const listeners = new Set<(head: number) => void>();
  let latest = startAt;
  let notifyScheduled = false;
  let closed = false;
  let subscription: AllStreamSubscription;

  const notify = () => {
    notifyScheduled = false;
    for (const listener of listeners) listener(latest);
  };
  const scheduleNotify = () => {
    if (notifyScheduled) return;
    notifyScheduled = true;
    setImmediate(notify);
  };

  const subscribe = () => {
    const current = client.subscribeToAll({ fromPosition: latest > 0 ? logPosition(latest) : END, filter: excludeSystemEvents() });
    subscription = current;
    let restarting = false;
    const restart = () => {
      if (closed || restarting) return;
      restarting = true;
      setTimeout(subscribe, 1000).unref();
    };
    current.on('data', (resolved: AllStreamResolvedEvent) => {
      // an event without a usable position is skipped: a throw here would end the process
      const position = logPositionOf(resolved);
      if (!resolved.event || position === undefined) return;
      latest = Math.max(latest, position);
      if (!resolved.event.streamId.startsWith(RESERVATION_PREFIX)) scheduleNotify();
    });
    current.on('error', restart);
    current.on('close', restart);
  };
  subscribe();

  return {
    /** an append of this process, known durable: its listeners need not wait for the subscription */
    appended(position: number) {
      latest = Math.max(latest, position);
      scheduleNotify();
    },
    add(listener: (head: number) => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    async stop() {
      closed = true;
      listeners.clear();
      await subscription.unsubscribe().catch(() => undefined);
    },
  };
}
