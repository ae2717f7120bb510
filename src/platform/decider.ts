import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Clock } from './clock';
import {
  ExpectedRevisionConflictError,
  NO_STREAM,
  type CloudEventRecord,
  type EventStore,
  type StoredEvent,
} from './event-store/event-store';

/** A domain event before it becomes a CloudEvent on the log. */
export type DomainEvent<Type extends string = string, Data = unknown> = { type: Type; data: Data };

/** decide and evolve are pure: all business rules of an aggregate live in these two functions. */
export type Decider<Command, Event extends DomainEvent, State> = {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State) => Event[];
};

/** How a service's domain events look on the log. */
export type EventEnvelope = {
  /** CloudEvents source naming the service, e.g. urn:md:gov:booking */
  source: string;
  /** who caused it: the client id from the registry, or the service itself for timed work */
  producer: string;
  clock: Clock;
};

export type CommandResult<Event> = { events: Event[]; nextRevision: number; lastPosition: number };

/**
 * A revision conflict means another writer made progress on the stream: the command is decided again on
 * fresh state, for up to this long, with a short random pause that grows after the first quick tries.
 * A fixed few tries all lost on a hot stream written by several bridges at once.
 */
const RETRY_CONFLICTS_FOR_MS = 3_000;
const CONFLICT_PAUSE_UP_TO_MS = 50;

/** Whether a failed append is tried again (after the pause); `startedAt`: when the command's first try began. */
export async function retryAfterConflict(error: unknown, attempt: number, startedAt: number): Promise<boolean> {
  if (!(error instanceof ExpectedRevisionConflictError) || Date.now() - startedAt > RETRY_CONFLICTS_FOR_MS) return false;
  if (attempt > 2) await sleep(Math.random() * Math.min(CONFLICT_PAUSE_UP_TO_MS, 2 ** attempt));
  return true;
}

/**
 * Loads the aggregate's stream, folds it, decides and appends with the revision it read.
 * Only an optimistic-concurrency conflict is retried (the decision is taken again on fresh state).
 */
export async function handleCommand<Command, Event extends DomainEvent, State>(
  store: EventStore,
  streamId: string,
  decider: Decider<Command, Event, State>,
  command: Command,
  envelope: EventEnvelope,
): Promise<CommandResult<Event>> {
  const startedAt = Date.now();
  for (let attempt = 1; ; attempt += 1) {
    const history = await store.readStream(streamId);
    const state = history.map(toDomainEvent<Event>).reduce(decider.evolve, decider.initialState());
    const events = decider.decide(command, state);
    if (events.length === 0) return { events, nextRevision: history.length - 1, lastPosition: 0 };
    const expectedRevision = history.length === 0 ? NO_STREAM : history[history.length - 1].revision;
    try {
      const result = await store.append(
        streamId,
        events.map((event) => ({ event: toCloudEvent(event, streamId, envelope), producer: envelope.producer })),
        { expectedRevision },
      );
      return { events, nextRevision: result.nextRevision, lastPosition: result.lastPosition };
    } catch (error) {
      if (!(await retryAfterConflict(error, attempt, startedAt))) throw error;
    }
  }
}

export function toCloudEvent(event: DomainEvent, streamId: string, envelope: EventEnvelope): CloudEventRecord {
  return {
    specversion: '1.0',
    id: randomUUID(),
    source: envelope.source,
    type: event.type,
    time: envelope.clock.now().toISOString(),
    subject: streamId,
    partitionkey: streamId,
    datacontenttype: 'application/json',
    data: event.data,
  };
}

export function toDomainEvent<Event extends DomainEvent>(stored: StoredEvent): Event {
  return { type: stored.event.type, data: stored.event.data } as Event;
}
