import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigurationError, type PlatformConfig } from '../config';
import { isBlobName, type BlobStore } from './blob-store/blob-store';
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
  ensureDataDir(config.dataDir);
  const hold = config.eventStoreUrl && config.mongodbUrl ? null : holdDataDir(config.dataDir);
  try {
    return await openEach(config, () => hold?.release());
  } catch (error) {
    hold?.release();
    throw error;
  }
}

/**
 * DATA_DIR, created when missing. A path that cannot be a directory (a file, a path below one, a
 * read-only or forbidden place) stops the start with one line naming it, as any setting it cannot run with.
 */
export function ensureDataDir(dataDir: string): void {
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    if (code && ['EEXIST', 'ENOTDIR', 'EACCES', 'EPERM', 'EROFS', 'ENOENT'].includes(code)) {
      throw new ConfigurationError(`DATA_DIR ${dataDir} cannot be used as a directory: ${message}`);
    }
    throw error;
  }
}

/** An embedded store's file; one that is not an SQLite database (or is damaged) is named, not left to a stack trace. */
async function embeddedFile<S>(file: string, open: (file: string) => S | Promise<S>): Promise<S> {
  try {
    return await open(file);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') {
      throw new ConfigurationError(`${file} is not an intact SQLite database (${(error as Error).message}): restore DATA_DIR from a backup (docs/operations.md)`);
    }
    throw error;
  }
}

async function openEach(config: PlatformConfig, letGo: () => void): Promise<Stores> {
  const opened: { close(): Promise<void> }[] = [];
  const open = async <S extends { close(): Promise<void> }>(store: Promise<S> | S): Promise<S> => {
    const ready = await store;
    opened.push(ready);
    return ready;
  };
  try {
    const events = await open(
      config.eventStoreUrl
        ? (await import('./event-store/esdb-event-store')).openEventStoreDbEventStore(config.eventStoreUrl)
        : embeddedFile(join(config.dataDir, 'events.sqlite'), openSqliteEventStore),
    );
    const documents = await open(
      config.mongodbUrl
        ? (await import('./document-store/mongo-document-store')).openMongoDocumentStore(config.mongodbUrl)
        : embeddedFile(join(config.dataDir, 'read-models.sqlite'), openSqliteDocumentStore),
    );
    const blobs = await open(
      config.mongodbUrl
        ? (await import('./blob-store/gridfs-blob-store')).openGridFsBlobStore(config.mongodbUrl, 'blobs')
        : openFileBlobStore(join(config.dataDir, 'blobs')),
    );
    await takeInEarlierAttachments(config.dataDir, blobs, { keepFiles: !!config.mongodbUrl });
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
  } catch (error) {
    for (const store of opened.reverse()) await store.close().catch(() => undefined);
    throw error;
  }
}

/**
 * Notification attachments were files under DATA_DIR/notification/attachments, named by their SHA-256,
 * before the platform had one blob store. Each one not yet in the blob store is stored there (so it
 * lands whole, whatever file system or store that is). On the embedded profile the old file is then
 * removed; with MongoDB the files stay, since bridges not yet upgraded may still read them from a shared
 * volume (the folder can go once every bridge runs this version). A file whose bytes no longer match
 * its name is left where it is.
 */
async function takeInEarlierAttachments(dataDir: string, blobs: BlobStore, { keepFiles }: { keepFiles: boolean }): Promise<void> {
  const earlier = join(dataDir, 'notification', 'attachments');
  if (!existsSync(earlier)) return;
  for (const name of readdirSync(earlier)) {
    if (!isBlobName(name)) continue;
    const path = join(earlier, name);
    if (!(await blobs.has(name)) && (await blobs.put(readFileSync(path))).sha256 !== name) continue;
    if (!keepFiles) unlinkSync(path);
  }
  if (!keepFiles && readdirSync(earlier).length === 0) rmdirSync(earlier);
}
