import type { DocumentSession, IndexSpec } from '../document-store/document-store';
import type { StoredEvent } from '../event-store/event-store';

/**
 * A projection turns events of the log into read-model documents. It declares the event types it
 * handles (so the runner can skip the rest), the streams they come from, and the collections it owns (so a
 * rebuild knows what to drop).
 */
export type Projection = {
  name: string;
  /**
   * The service's own streams (`booking-`): only the events the platform appended to them are applied.
   * Anyone allowed a type on the exchange can put an event of that type into the log (a test event, a
   * dead report, or a produced event if the registry allows the type), in an `exchange-` stream; a read
   * model built by type alone would take it for the service's own.
   */
  streamPrefix: string;
  /**
   * Raise it when `apply` would write other documents for events already in the log (a new field, say).
   * A bridge that starts with a higher version than the read model was built by rebuilds it from the log;
   * so does a change of `indexes`. Default 1.
   */
  version?: number;
  eventTypes: string[];
  collections: string[];
  indexes?: IndexSpec[];
  apply(event: StoredEvent, session: DocumentSession): Promise<void>;
};
