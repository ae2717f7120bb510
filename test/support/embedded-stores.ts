import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DocumentStore } from '../../src/platform/document-store/document-store';
import { openSqliteDocumentStore } from '../../src/platform/document-store/sqlite-document-store';
import type { EventStore } from '../../src/platform/event-store/event-store';
import { openSqliteEventStore } from '../../src/platform/event-store/sqlite-event-store';

/**
 * The embedded log and read models in a fresh data directory for every test of the calling suite, closed
 * and removed after it: for specs that drive the platform's parts directly, without HTTP. Register it
 * after any afterEach that must still use the stores (mocha runs afterEach hooks in the order given).
 */
export function freshEmbeddedStores(prefix: string): { readonly events: EventStore; readonly documents: DocumentStore } {
  let dir = '';
  let events: EventStore | undefined;
  let documents: DocumentStore | undefined;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), prefix));
    events = openSqliteEventStore(join(dir, 'events.sqlite'));
    documents = openSqliteDocumentStore(join(dir, 'read-models.sqlite'));
  });
  afterEach(async () => {
    await events?.close();
    await documents?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    get events() {
      return events!;
    },
    get documents() {
      return documents!;
    },
  };
}
