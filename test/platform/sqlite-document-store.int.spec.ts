import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'chai';
import { openSqliteDocumentStore } from '../../src/platform/document-store/sqlite-document-store';
import { documentStoreContract } from './document-store.contract';

const directory = mkdtempSync(join(tmpdir(), 'egov-documents-'));

documentStoreContract(
  'embedded SQLite',
  async () => openSqliteDocumentStore(join(directory, 'read-models.sqlite')),
  async () => rmSync(directory, { recursive: true, force: true }),
);

describe('embedded SQLite document store', () => {
  it('reads and queries documents an earlier version stored as JSON text, beside its own binary JSON', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'egov-documents-')), 'read-models.sqlite');
    const earlier = new Database(path);
    earlier.exec('CREATE TABLE c_people (id TEXT PRIMARY KEY, doc TEXT NOT NULL)');
    earlier.prepare('INSERT INTO c_people (id, doc) VALUES (?, ?)').run('a', JSON.stringify({ _id: 'a', name: 'Ana', tags: ['x'] }));
    earlier.close();
    const store = openSqliteDocumentStore(path);
    try {
      const people = store.collection<{ _id: string; name: string; tags: string[] }>('people');
      await people.insertOne({ _id: 'b', name: 'Bogdan', tags: ['x', 'y'] });
      expect(await people.find({ tags: { $elemMatch: { $eq: 'x' } } }, { sort: { name: 1 } })).to.deep.equal([
        { _id: 'a', name: 'Ana', tags: ['x'] },
        { _id: 'b', name: 'Bogdan', tags: ['x', 'y'] },
      ]);
      await people.updateOne({ _id: 'a' }, { $set: { name: 'Ana Maria' } });
      expect(await people.findOne({ name: 'Ana Maria' })).to.deep.equal({ _id: 'a', name: 'Ana Maria', tags: ['x'] });
      const stored = new Database(path, { readonly: true });
      const types = stored.prepare<[], { t: string }>('SELECT typeof(doc) AS t FROM c_people ORDER BY id').all().map((row) => row.t);
      stored.close();
      expect(types).to.deep.equal(['blob', 'blob']);
    } finally {
      await store.close();
    }
  });
});
