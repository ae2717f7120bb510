import type { DocumentSession, IndexSpec } from '../document-store/document-store';
import type { StoredEvent } from '../event-store/event-store';

/**
 * A projection turns events of the log into read-model documents. It declares the event types it
 * handles (so the runner can skip the rest) and the collections it owns (so a rebuild knows what to drop).
 */
export type Projection = {
  name: string;
  eventTypes: string[];
  collections: string[];
  indexes?: IndexSpec[];
  apply(event: StoredEvent, session: DocumentSession): Promise<void>;
};
