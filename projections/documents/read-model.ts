import type { DocumentSession, IndexSpec } from '../../src/platform/document-store/document-store';
import type { StoredEvent } from '../../src/platform/event-store/event-store';

/** One read model of the document store: its collections, indexes, and what each event type does to it. */
export type ReadModel = {
  collections: string[];
  indexes: IndexSpec[];
  appliers: Record<string, (stored: StoredEvent, session: DocumentSession) => Promise<void>>;
};

export const dataOf = <T>(stored: StoredEvent) => stored.event.data as T;
