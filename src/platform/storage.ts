import { existsSync, mkdirSync, readdirSync, renameSync, rmdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PlatformConfig } from '../config';
import type { BlobStore } from './blob-store/blob-store';
import { openFileBlobStore } from './blob-store/file-blob-store';
import type { DocumentStore } from './document-store/document-store';
import { openSqliteDocumentStore } from './document-store/sqlite-document-store';
import type { EventStore } from './event-store/event-store';
import { openSqliteEventStore } from './event-store/sqlite-event-store';
import { holdDataDir } from './data-dir-lock';

export type Stores = {
  events: EventStore;
  documents: DocumentStore;
  /** bytes too large for the log: files under DATA_DIR/blobs, or GridFS beside the read models */
  blobs: BlobStore;
  profile: string;
  /** closes the stores, and lets DATA_DIR go */
  close(): Promise<void>;
};

/**
 * The two storage profiles behind one code path: the embedded SQLite files under DATA_DIR by default;
 * EventStoreDB and MongoDB when EVENTSTORE_URL / MONGODB_URL are set (each independently; blobs go with
 * the read models). While an embedded store is open, no other process may open DATA_DIR's (holdDataDir).
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
  const blobs = config.mongodbUrl
    ? await (await import('./blob-store/gridfs-blob-store')).openGridFsBlobStore(config.mongodbUrl, 'blobs')
    : openFileBlobStore(fileBlobDir(config.dataDir));
  const profile = `${config.eventStoreUrl ? 'eventstoredb' : 'sqlite'} log, ${config.mongodbUrl ? 'mongodb' : 'sqlite'} read models, ${config.mongodbUrl ? 'gridfs' : 'file'} blobs`;
  return {
    events,
    documents,
    blobs,
    profile,
    async close() {
      try {
        await events.close();
        await documents.close();
        await blobs.close();
      } finally {
        letGo();
      }
    },
  };
}

/**
 * DATA_DIR/blobs. Notification attachments were kept in DATA_DIR/notification/attachments before the
 * platform had one blob store; those files, named the same way, are moved in (same file system: renames).
 */
function fileBlobDir(dataDir: string): string {
  const dir = join(dataDir, 'blobs');
  const earlier = join(dataDir, 'notification', 'attachments');
  if (existsSync(earlier)) {
    mkdirSync(dir, { recursive: true });
    for (const name of readdirSync(earlier)) {
      if (/^[0-9a-f]{64}$/.test(name)) renameSync(join(earlier, name), join(dir, name));
    }
    if (readdirSync(earlier).length === 0) rmdirSync(earlier);
  }
  return dir;
}
