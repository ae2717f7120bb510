import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Clock } from './clock';
import { ExpectedRevisionConflictError, NO_STREAM, type CloudEventRecord, type EventStore, type StoredEvent } from './event-store/event-store';
import { KeyedLock } from './keyed-lock';
import { OWNERS_ATTRIBUTE, ownersAttributeValue } from './owners';

/** A domain event before it becomes a CloudEvent on the log. */
export type DomainEvent<Type extends string = string, Data = unknown> = { type: Type; data: Data };

/** decide and evolve are pure: all business rules of an aggregate live in these two functions. */
export type Decider<Command, Event extends DomainEvent, State> = {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State) => Event[];
  /**
   * The IDNOs of the organisations an event concerns, from the event and the state it was decided on:
   * the command loop writes them into the event's `mdowners` attribute, and the exchange delivers the
   * event only to those organisations' consumers (and to those granted every owner's events). Without
   * it, or with none named, the event goes only to the latter.
   */
  owners?: (event: Event, state: State) => readonly (string | null | undefined)[];
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

/** An aggregate's state as of a revision of its stream (-1: the stream does not exist). */
export type Folded<State> = { revision: number; state: State };

/**
 * A revision conflict means another writer made progress on the stream: the command is decided again on
 * fresh state, for up to this long, with a short random pause that grows after the first quick tries.
 * A fixed few tries all lost on a hot stream written by several bridges at once.
 */
const RETRY_CONFLICTS_FOR_MS = 3_000;
const CONFLICT_PAUSE_UP_TO_MS = 50;

/** Whether a failed append is tried again (after the pause); `startedAt`: when the command's first try began. */
async function retryAfterConflict(error: unknown, attempt: number, startedAt: number): Promise<boolean> {
  if (!(error instanceof ExpectedRevisionConflictError) || Date.now() - startedAt > RETRY_CONFLICTS_FOR_MS) return false;
  if (attempt > 2) await sleep(Math.random() * Math.min(CONFLICT_PAUSE_UP_TO_MS, 2 ** attempt));
  return true;
}

/**
 * The command loop, the only one: fold the aggregate's stream, decide, append with the revision it read;
 * only an optimistic-concurrency conflict is retried (decided again on fresh state).
 *
 * With `cache` (for long, hot streams such as booking's slot ledgers) the folded state of recently used
 * streams is kept, so a command reads only the events appended since, and commands on one stream queue in
 * this process instead of colliding. Between processes the expected revision still decides.
 */
export class CommandHandler<Command, Event extends DomainEvent, State> {
  private readonly cache: FoldedStates<State> | null;
  private readonly lock = new KeyedLock();

  constructor(
    private readonly store: EventStore,
    private readonly decider: Decider<Command, Event, State>,
    private readonly options: { source: string; clock: Clock; cache?: { maxEntries: number } },
  ) {
    this.cache = options.cache ? new FoldedStates(options.cache.maxEntries) : null;
  }

  /** The current state of a stream (what a decision would be taken on now). */
  async load(streamId: string): Promise<Folded<State>> {
    const known = this.cache?.get(streamId) ?? { revision: -1, state: this.decider.initialState() };
    const newer = await this.store.readStream(streamId, known.revision >= 0 ? { fromRevision: known.revision + 1 } : undefined);
    if (newer.length === 0) return known;
    const folded = { revision: newer[newer.length - 1].revision, state: newer.map(toDomainEvent<Event>).reduce(this.decider.evolve, known.state) };
    this.cache?.remember(streamId, folded);
    return folded;
  }

  handle(streamId: string, command: Command, producer: string): Promise<CommandResult<Event>> {
    return this.cache ? this.lock.run(streamId, () => this.decideAndAppend(streamId, command, producer)) : this.decideAndAppend(streamId, command, producer);
  }

  private async decideAndAppend(streamId: string, command: Command, producer: string): Promise<CommandResult<Event>> {
    const startedAt = Date.now();
    const envelope = { source: this.options.source, producer, clock: this.options.clock };
    for (let attempt = 1; ; attempt += 1) {
      const current = await this.load(streamId);
      const events = this.decider.decide(command, current.state);
      if (events.length === 0) return { events, nextRevision: current.revision, lastPosition: 0 };
      try {
        const result = await this.store.append(
          streamId,
          events.map((event) => ({ event: toCloudEvent(event, streamId, envelope, this.decider.owners?.(event, current.state)), producer })),
          { expectedRevision: current.revision === -1 ? NO_STREAM : current.revision },
        );
        this.cache?.remember(streamId, { revision: result.nextRevision, state: events.reduce(this.decider.evolve, current.state) });
        return { events, nextRevision: result.nextRevision, lastPosition: result.lastPosition };
      } catch (error) {
        if (!(await retryAfterConflict(error, attempt, startedAt))) throw error;
      }
    }
  }
}

/** The most recently used streams' folded states, at most maxEntries of them. */
class FoldedStates<State> {
  private readonly entries = new Map<string, Folded<State>>();

  constructor(private readonly maxEntries: number) {}

  get(streamId: string): Folded<State> | undefined {
    return this.entries.get(streamId);
  }

  remember(streamId: string, folded: Folded<State>) {
    // a read that raced with an append must not replace the newer state
    if ((this.entries.get(streamId)?.revision ?? -1) >= folded.revision) return;
    this.entries.delete(streamId);
    this.entries.set(streamId, folded);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }
}

/** One command on one stream, through the command loop without a cache. */
export function handleCommand<Command, Event extends DomainEvent, State>(
  store: EventStore,
  streamId: string,
  decider: Decider<Command, Event, State>,
  command: Command,
  envelope: EventEnvelope,
): Promise<CommandResult<Event>> {
  return new CommandHandler(store, decider, envelope).handle(streamId, command, envelope.producer);
}

/** An aggregate's current state folded from its stream, for reads that decide nothing. */
export async function loadAggregate<Command, Event extends DomainEvent, State>(store: EventStore, streamId: string, decider: Decider<Command, Event, State>): Promise<State> {
  const history = await store.readStream(streamId);
  return history.map(toDomainEvent<Event>).reduce(decider.evolve, decider.initialState());
}

/** owners: the IDNOs of the organisations the event concerns (Decider.owners) */
export function toCloudEvent(event: DomainEvent, streamId: string, envelope: EventEnvelope, owners: readonly (string | null | undefined)[] = []): CloudEventRecord {
  const ownersValue = ownersAttributeValue(owners);
  return {
    specversion: '1.0',
    id: randomUUID(),
    source: envelope.source,
    type: event.type,
    time: envelope.clock.now().toISOString(),
    subject: streamId,
    partitionkey: streamId,
    datacontenttype: 'application/json',
    ...(ownersValue ? { [OWNERS_ATTRIBUTE]: ownersValue } : {}),
    data: event.data,
  };
}

export function toDomainEvent<Event extends DomainEvent>(stored: StoredEvent): Event {
  return { type: stored.event.type, data: stored.event.data } as Event;
}
