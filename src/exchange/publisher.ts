import { badRequest, conflict, unauthorized, unprocessable } from '../platform/errors';
import {
  DuplicateEventConflictError,
  type AppendResult,
  type EventKind,
  type EventStore,
  type NewEvent,
} from '../platform/event-store/event-store';
import { retryFingerprint } from '../platform/event-store/event-identity';
import type { ClientDefinition } from '../platform/identity/client-registry';
import type { EventSchemas } from './event-schemas';
import { consumeViolation, mayProduce } from './exchange-rights';
import type { IncomingEvent, Normalized } from './incoming-event';

/**
 * Appends what producers send. A request is all or nothing: every event is checked (format, rights,
 * payload schema) before any is written, and the events are appended in one call, which the log
 * commits in one transaction. The promise resolves only once the events are durable.
 */
export class Publisher {
  constructor(
    private readonly store: EventStore,
    private readonly schemas: EventSchemas,
  ) {}

  /**
   * The promise resolves once the events are durable. The parsed events are not held while the log
   * commits: a batch's objects then die young, instead of being copied by every collection meanwhile.
   */
  publish(client: ClientDefinition, normalized: Normalized[], kind: EventKind, { json, batch = false }: PublishOptions = {}): Promise<AppendResult> {
    let appended: Promise<AppendResult>;
    try {
      appended = this.store.append(streamFor(kind, client.id), this.checked(client, normalized, kind, batch), { json });
    } catch (error) {
      return Promise.reject(error);
    }
    return appended.catch((error: unknown) => {
      if (error instanceof DuplicateEventConflictError) {
        const detail = 'an event with this source and id was already accepted with different content';
        const index = error.eventIndex;
        throw batch && index !== undefined ? conflict(`event [${index}]: ${detail}; none was stored`, { [`[${index}]`]: [detail] }) : conflict(detail);
      }
      throw error;
    });
  }

  /** The events to append, once each is valid, may be sent by this client and matches its type's schema. */
  private checked(client: ClientDefinition, normalized: Normalized[], kind: EventKind, batch: boolean): NewEvent[] {
    const events = acceptAll(normalized, batch);
    for (const [index, { event }] of events.entries()) {
      const refusal = kind === 'standard' ? mayProduce(client, event.source, event.type) : consumeViolation(client, event.type);
      if (refusal) throw unauthorized(batch ? `event [${index}]: ${refusal}; none was stored` : refusal);
    }
    const schemaErrors: Record<string, string[]> = {};
    // a dead event is the consumer's report, which it may have changed: the producer's payload schema does not bind it
    for (const [index, { event }] of kind === 'dead' ? [] : events.entries()) {
      const problems = this.schemas.check(event.type, event);
      if (problems.length > 0) schemaErrors[batch ? `[${index}]` : 'data'] = problems;
    }
    if (Object.keys(schemaErrors).length > 0) {
      throw unprocessable('the event payload does not match the schema configured for its type', schemaErrors);
    }
    return events.map((incoming) => toNewEvent(incoming, client.id, kind));
  }
}

/**
 * json: the events as the producer sent them, when normalizing changed none of them (AppendOptions.json).
 * batch: the events came as a batch, so problems name them by index (`[0]`), a batch of one included.
 */
export type PublishOptions = { json?: string; batch?: boolean };

function acceptAll(normalized: Normalized[], batch: boolean): IncomingEvent[] {
  const errors: Record<string, string[]> = {};
  normalized.forEach((result, index) => {
    if (!result.ok) errors[batch ? `[${index}]` : 'event'] = result.violations;
  });
  const count = Object.keys(errors).length;
  if (count > 0) {
    const detail = batch ? `${count} of ${normalized.length} events are invalid; none was stored` : 'the event is invalid';
    throw badRequest(detail, errors);
  }
  return normalized.map((result) => (result as { ok: true; value: IncomingEvent }).value);
}

export function streamFor(kind: EventKind, clientId: string): string {
  return kind === 'standard' ? `exchange-${clientId}` : `exchange-${kind}-${clientId}`;
}

function toNewEvent(incoming: IncomingEvent, clientId: string, kind: EventKind): NewEvent {
  const { event, filledIn, json } = incoming;
  return { event, producer: clientId, kind, dedupeKey: dedupeKeyOf(incoming, clientId, kind), filledIn, json };
}

/**
 * Standard events: source + id (the log's default). Test events: the same, in the client's own key space.
 * Dead events: each different report of an event is kept (a consumer may report it again after a
 * redelivery, with other notes), and the same report sent twice is stored once.
 */
function dedupeKeyOf({ event, filledIn }: IncomingEvent, clientId: string, kind: EventKind): string | undefined {
  if (kind === 'standard') return undefined;
  const key = `${kind}\n${clientId}\n${event.source}\n${event.id}`;
  return kind === 'dead' ? `${key}\n${retryFingerprint(event, filledIn)}` : key;
}
