import type { DocumentSession, IndexSpec } from '../document-store/document-store';
import type { StoredEvent } from '../event-store/event-store';

/**
 * A projection turns events of the log into read-model documents. It declares the event types it
 * handles (so the runner can skip the rest) and the collections it owns (so a rebuild knows what to drop).
 */
export type Projection = {
  name: string;
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
