import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteDocumentStore } from '../../src/platform/document-store/sqlite-document-store';
import { documentStoreContract } from './document-store.contract';

const directory = mkdtempSync(join(tmpdir(), 'egov-documents-'));

documentStoreContract(
  'embedded SQLite',
  async () => openSqliteDocumentStore(join(directory, 'read-models.sqlite')),
  async () => rmSync(directory, { recursive: true, force: true }),
);
