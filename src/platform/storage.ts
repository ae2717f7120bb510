import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PlatformConfig } from '../config';
import type { DocumentStore } from './document-store/document-store';
import { openSqliteDocumentStore } from './document-store/sqlite-document-store';
import type { EventStore } from './event-store/event-store';
import { openSqliteEventStore } from './event-store/sqlite-event-store';
import { holdDataDir } from './data-dir-lock';

export type Stores = {
  events: EventStore;
  documents: DocumentStore;
  profile: string;
  /** closes both stores, and lets DATA_DIR go */
  close(): Promise<void>;
};

/**
 * The two storage profiles behind one code path: the embedded SQLite files under DATA_DIR by default;
 * EventStoreDB and MongoDB when EVENTSTORE_URL / MONGODB_URL are set (each independently). While an
 * embedded store is open, no other process may open DATA_DIR's (holdDataDir).
 */
export async function openStores(config: PlatformConfig): Promise<Stores> {
  mkdirSync(config.dataDir, { recursive: true });
  const hold = config.eventStoreUrl && config.mongodbUrl ? null : holdDataDir(config.dataDir);
  try {
    return await openEach(config, () => hold?.release());
  } catch (error) {
    hold?.release();
    throw error;
  }
}

async function openEach(config: PlatformConfig, letGo: () => void): Promise<Stores> {
  const events = config.eventStoreUrl
    ? await (await import('./event-store/esdb-event-store')).openEventStoreDbEventStore(config.eventStoreUrl)
    : openSqliteEventStore(join(config.dataDir, 'events.sqlite'));
  const documents = config.mongodbUrl
    ? await (await import('./document-store/mongo-document-store')).openMongoDocumentStore(config.mongodbUrl)
    : openSqliteDocumentStore(join(config.dataDir, 'read-models.sqlite'));
  const profile = `${config.eventStoreUrl ? 'eventstoredb' : 'sqlite'} log, ${config.mongodbUrl ? 'mongodb' : 'sqlite'} read models`;
  return {
    events,
    documents,
    profile,
    async close() {
      try {
        await events.close();
        await documents.close();
      } finally {
        letGo();
      }
    },
  };
}
