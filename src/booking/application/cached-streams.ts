import { retryAfterConflict, toCloudEvent, toDomainEvent, type Decider, type DomainEvent } from '../../platform/decider';
import type { Clock } from '../../platform/clock';
import { NO_STREAM, type EventStore } from '../../platform/event-store/event-store';
import { KeyedLock } from './keyed-lock';

type Folded<State> = { revision: number; state: State };

/**
 * handleCommand for long, hot streams: the folded state of recently used streams is kept, so a command
 * reads only the events appended since, and commands on one stream queue in this process. Between
 * processes the expected revision still decides; a conflict re-reads and decides again.
 */
export class CachedStreams<Command, Event extends DomainEvent, State> {
  private readonly cache = new Map<string, Folded<State>>();
  private readonly lock = new KeyedLock();

  constructor(
    private readonly store: EventStore,
    private readonly decider: Decider<Command, Event, State>,
    private readonly source: string,
    private readonly clock: Clock,
    private readonly maxEntries = 2000,
  ) {}

  /** The current state of a stream (what a decision would be taken on now). */
  async load(streamId: string): Promise<Folded<State>> {
    const cached = this.cache.get(streamId) ?? { revision: -1, state: this.decider.initialState() };
    const newer = await this.store.readStream(streamId, { fromRevision: cached.revision + 1 });
    if (newer.length === 0) return cached;
    const folded = { revision: newer[newer.length - 1].revision, state: newer.map(toDomainEvent<Event>).reduce(this.decider.evolve, cached.state) };
    this.remember(streamId, folded);
    return folded;
  }

  handle(streamId: string, command: Command, producer: string): Promise<{ events: Event[]; lastPosition: number }> {
    return this.lock.run(streamId, async () => {
      const startedAt = Date.now();
      for (let attempt = 1; ; attempt += 1) {
        const current = await this.load(streamId);
        const events = this.decider.decide(command, current.state);
        if (events.length === 0) return { events, lastPosition: 0 };
        const envelope = { source: this.source, producer, clock: this.clock };
        try {
          const result = await this.store.append(
            streamId,
            events.map((event) => ({ event: toCloudEvent(event, streamId, envelope), producer })),
            { expectedRevision: current.revision === -1 ? NO_STREAM : current.revision },
          );
          this.remember(streamId, { revision: result.nextRevision, state: events.reduce(this.decider.evolve, current.state) });
          return { events, lastPosition: result.lastPosition };
        } catch (error) {
          if (!(await retryAfterConflict(error, attempt, startedAt))) throw error;
        }
      }
    });
  }

  private remember(streamId: string, folded: Folded<State>) {
    // a read that raced with an append must not replace the newer state
    if ((this.cache.get(streamId)?.revision ?? -1) >= folded.revision) return;
    this.cache.delete(streamId);
    this.cache.set(streamId, folded);
    if (this.cache.size > this.maxEntries) this.cache.delete(this.cache.keys().next().value as string);
  }
}
