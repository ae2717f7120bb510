import Database from 'better-sqlite3';
import { preparedStatements } from '../sqlite-statements';
import {
  DuplicateDocumentError,
  type Collection,
  type Document,
  type DocumentSession,
  type DocumentStore,
  type Filter,
  type FindOptions,
  type IndexSpec,
} from './document-store';
import { applyUpdate, seedFromFilter } from './document-update';
import { filterToSql, jsonPath, sortToSql } from './sqlite-filter';

/**
 * The embedded read-model store: one SQLite file, one table per collection holding JSON documents.
 * Writes go through one connection and are serialized by a lock, so a transaction's writes (a
 * projection's documents plus its checkpoint) commit together. Reads outside a transaction use a
 * second connection and see only committed data (WAL snapshots).
 */
export function openSqliteDocumentStore(path: string): DocumentStore {
  const writer = new Database(path);
  writer.pragma('journal_mode = WAL');
  // Read models are derived from the log: after a power loss the last transactions may roll back, but a
  // batch and its projection checkpoint roll back together and are applied again from the log.
  writer.pragma('synchronous = NORMAL');
  writer.pragma('busy_timeout = 5000');
  const reader = new Database(path);
  reader.pragma('busy_timeout = 5000');

  const knownTables = new Set<string>();
  const onWriter = preparedStatements(writer);
  const onReader = preparedStatements(reader);
  let lock: Promise<unknown> = Promise.resolve();

  function serialized<R>(work: () => Promise<R>): Promise<R> {
    const result = lock.then(work, work);
    lock = result.catch(() => undefined);
    return result;
  }

  function tableNameOf(name: string): string {
    if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`invalid collection name: ${name}`);
    return `c_${name}`;
  }

  function table(name: string): string {
    const tableName = tableNameOf(name);
    if (!knownTables.has(tableName)) {
      writer.exec(`CREATE TABLE IF NOT EXISTS "${tableName}" (id TEXT PRIMARY KEY, doc BLOB NOT NULL)`);
      knownTables.add(tableName);
    }
    return tableName;
  }

  function statement(connection: Database.Database, sql: string): Database.Statement {
    return connection === writer ? onWriter(sql) : onReader(sql);
  }

  function collectionOn<T extends Document>(
    name: string,
    readConnection: Database.Database,
    runWrite: <R>(work: () => R) => Promise<R>,
  ): Collection<T> {
    const findRows = (filter: Filter, options: FindOptions = {}): T[] => {
      const tableName = table(name);
      const where = filterToSql(filter);
      const limit = options.limit ?? -1;
      const sql = `SELECT json(doc) AS doc FROM "${tableName}" WHERE ${where.sql} ${sortToSql(options.sort)} LIMIT ? OFFSET ?`;
      const rows = whenTableExists(() => statement(readConnection, sql).all(...where.params, limit, options.skip ?? 0), []);
      return (rows as { doc: string }[]).map((row) => JSON.parse(row.doc) as T);
    };
    const findOnWriter = (filter: Filter): T | undefined => {
      const where = filterToSql(filter);
      const row = statement(writer, `SELECT json(doc) AS doc FROM "${table(name)}" WHERE ${where.sql} LIMIT 1`).get(...where.params) as
        | { doc: string }
        | undefined;
      return row ? (JSON.parse(row.doc) as T) : undefined;
    };
    /** Inserts a new document; a taken _id (also one an upsert's filter missed) or unique key is a DuplicateDocumentError. */
    const insertRow = (document: T) => {
      try {
        statement(writer, `INSERT INTO "${table(name)}" (id, doc) VALUES (?, jsonb(?))`).run(document._id, JSON.stringify(document));
      } catch (error) {
        throw translateError(error, name, document._id);
      }
    };
    /** Like MongoDB, an update or replacement never changes a document's _id. */
    const keepId = (id: string, document: T) => {
      if (document._id !== id) throw new Error(`${name}: a document's _id cannot change (${id} to ${String(document._id)})`);
    };
    /** Writes the new content of a document found by the filter. */
    const replaceRow = (existing: T, document: T) => {
      keepId(existing._id, document);
      try {
        statement(writer, `UPDATE "${table(name)}" SET doc = jsonb(?) WHERE id = ?`).run(JSON.stringify(document), existing._id);
      } catch (error) {
        throw translateError(error, name, document._id); // a unique index
      }
    };

    return {
      async findOne(filter) {
        return findRows(filter, { limit: 1 })[0] ?? null;
      },
      async find(filter, options) {
        return findRows(filter, options);
      },
      async count(filter) {
        const where = filterToSql(filter);
        const sql = `SELECT COUNT(*) AS n FROM "${table(name)}" WHERE ${where.sql}`;
        return whenTableExists(() => (statement(readConnection, sql).get(...where.params) as { n: number }).n, 0);
      },
      insertOne(document) {
        return runWrite(() => insertRow(document));
      },
      replaceOne(filter, document, options = {}) {
        return runWrite(() => {
          const existing = findOnWriter(filter);
          if (existing) replaceRow(existing, document);
          else if (options.upsert) insertRow(document);
          return { matched: existing ? 1 : 0 };
        });
      },
      updateOne(filter, update, options = {}) {
        return runWrite(() => {
          const existing = findOnWriter(filter);
          if (existing) {
            replaceRow(existing, applyUpdate(existing, update, false));
            return { matched: 1 };
          }
          if (!options.upsert) return { matched: 0 };
          const seed = seedFromFilter(filter) as T;
          if (!seed._id) throw new Error(`${name}: an upsert needs _id in its filter`);
          const inserted = applyUpdate(seed, update, true);
          keepId(seed._id, inserted);
          insertRow(inserted);
          return { matched: 0 };
        });
      },
      deleteOne(filter) {
        return runWrite(() => {
          const existing = findOnWriter(filter);
          if (!existing) return { deleted: 0 };
          statement(writer, `DELETE FROM "${table(name)}" WHERE id = ?`).run(existing._id);
          return { deleted: 1 };
        });
      },
      deleteMany(filter) {
        return runWrite(() => {
          const where = filterToSql(filter);
          const info = statement(writer, `DELETE FROM "${table(name)}" WHERE ${where.sql}`).run(...where.params);
          return { deleted: info.changes };
        });
      },
    };
  }

  const autocommitWrite = <R>(work: () => R): Promise<R> => serialized(async () => work());

  return {
    collection<T extends Document = Document>(name: string) {
      return collectionOn<T>(name, reader, autocommitWrite);
    },

    withTransaction<R>(work: (session: DocumentSession) => Promise<R>): Promise<R> {
      return serialized(async () => {
        const session: DocumentSession = {
          collection: <T extends Document = Document>(name: string) =>
            collectionOn<T>(name, writer, async (write) => write()),
        };
        writer.exec('BEGIN IMMEDIATE');
        try {
          const result = await work(session);
          writer.exec('COMMIT');
          return result;
        } catch (error) {
          writer.exec('ROLLBACK');
          knownTables.clear();
          throw error;
        }
      });
    },

    async ensureIndexes(indexes: IndexSpec[]) {
      await serialized(async () => {
        for (const index of indexes) {
          const tableName = table(index.collection);
          const fields = Object.keys(index.keys);
          const indexName = `ix_${index.collection}_${fields.join('_').replace(/\./g, '_')}`;
          const columns = Object.entries(index.keys).map(([field, direction]) => `${jsonPath(field)} ${direction === -1 ? 'DESC' : 'ASC'}`);
          writer.exec(
            `CREATE ${index.unique ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS "${indexName}" ON "${tableName}" (${columns.join(', ')})`,
          );
        }
      });
    },

    async dropCollection(name) {
      await serialized(async () => {
        const tableName = tableNameOf(name);
        writer.exec(`DROP TABLE IF EXISTS "${tableName}"`);
        knownTables.delete(tableName);
        onWriter.clear();
        onReader.clear();
      });
    },

    async close() {
      await lock;
      reader.close();
      writer.close();
    },
  };
}

/** A collection first created inside a transaction that is still open is not yet visible to readers. */
function whenTableExists<R>(read: () => R, empty: R): R {
  try {
    return read();
  } catch (error) {
    if (error instanceof Error && /no such table/.test(error.message)) return empty;
    throw error;
  }
}

function translateError(error: unknown, collection: string, id: string): unknown {
  if (error instanceof Error && 'code' in error && String(error.code).startsWith('SQLITE_CONSTRAINT')) {
    return new DuplicateDocumentError(collection, id);
  }
  return error;
}
