import { toDomainEvent } from '../../platform/decider';
import type { EventStore, StoredEvent } from '../../platform/event-store/event-store';
import type { ServiceAggregate, ServiceModule } from '../../platform/service-module';
import { toJsonState } from './json-state';
import { RegistryHistory, type RegisteredCertificate } from './registry-history';

export type KnownAggregate = ServiceAggregate & { service: string };

/** Every aggregate the mounted services name (ServiceModule.aggregates). */
export function aggregatesOf(services: readonly ServiceModule[]): KnownAggregate[] {
  return services.flatMap((service) => (service.aggregates ?? []).map((aggregate) => ({ ...aggregate, service: service.name })));
}

/** The aggregate whose streams a stream id belongs to: the longest prefix that matches. */
export function aggregateOfStream(aggregates: readonly KnownAggregate[], streamId: string): KnownAggregate | undefined {
  return aggregates.filter((aggregate) => streamId.startsWith(aggregate.streamPrefix)).sort((a, b) => b.streamPrefix.length - a.streamPrefix.length)[0];
}

export type HistoryEntry = {
  position: string;
  revision: number;
  recordedAt: string;
  kind: StoredEvent['kind'];
  causedBy: string;
  /** the certificate that identified the client then, per the registry; null for the platform's own services */
  certificate: RegisteredCertificate | null;
  event: StoredEvent['event'];
  /** the aggregate's state after the event, folded by its decider; absent for streams no decider folds */
  stateAfter?: unknown;
  /** why the decider could not fold the event, when it could not */
  foldError?: string;
};

/**
 * A page of one stream's history, each event with the state after it. The state needs every earlier
 * event, so the stream is folded from its start up to the page's end.
 */
export async function streamHistory(events: EventStore, aggregate: KnownAggregate | undefined, streamId: string, page: { cursor: number; limit: number }) {
  const stored = await events.readStream(streamId, { limit: page.cursor + page.limit + 1 });
  const registry = await RegistryHistory.read(events);
  const folds = aggregate ? foldEach(aggregate, stored) : [];
  const entries: HistoryEntry[] = stored.slice(page.cursor, page.cursor + page.limit).map((one, index) => ({
    position: String(one.position),
    revision: one.revision,
    recordedAt: one.recordedAt,
    kind: one.kind,
    causedBy: one.producer,
    certificate: registry.certificateAt(one.producer, one.position),
    event: one.event,
    ...(aggregate ? folds[page.cursor + index] : {}),
  }));
  const more = stored.length > page.cursor + page.limit;
  return { entries, page: stored.slice(page.cursor, page.cursor + page.limit), nextCursor: more ? String(page.cursor + page.limit) : '' };
}

/** The state after each event; once an event cannot be folded, the states after it are unknown too. */
function foldEach(aggregate: KnownAggregate, stored: StoredEvent[]): { stateAfter?: unknown; foldError?: string }[] {
  let state: unknown = aggregate.decider.initialState();
  let failure: string | undefined;
  return stored.map((one) => {
    if (failure) return { foldError: `not folded: an earlier event could not be (${failure})` };
    try {
      state = aggregate.decider.evolve(state, toDomainEvent(one));
      return { stateAfter: toJsonState(state) };
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
      return { foldError: failure };
    }
  });
}
