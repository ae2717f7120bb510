import {
  MongoClient,
  MongoServerError,
  type ClientSession,
  type Db,
  type Filter as MongoFilter,
  type Sort,
  type UpdateFilter,
} from 'mongodb';
import {
  DuplicateDocumentError,
  type Collection,
  type Document,
  type DocumentSession,
  type DocumentStore,
  type Filter,
  type IndexSpec,
  type SortSpec,
} from './document-store';
import { seedFromFilter } from './document-update';

const DEFAULT_DATABASE = 'egov_platform';
const DUPLICATE_KEY = 11000;
const NAMESPACE_NOT_FOUND = 26;

type StoredDocument = { _id: string; [field: string]: unknown };

/**
 * The production read-model store: one MongoDB collection per port collection, the port's filter and
 * update subset passed through as is. Where MongoDB's defaults differ from the embedded store, this
 * adapter follows the embedded one: results are ordered by _id when the sort leaves ties (or no sort
 * is given), limit 0 means none, and an upsert needs _id in its filter.
 * Transactions need a replica set (docker-compose runs a single-node one).
 */
export async function openMongoDocumentStore(url: string): Promise<DocumentStore> {
  const client = new MongoClient(url);
  await client.connect();
  const db = client.db(databaseName(url));

  return {
    collection: <T extends Document = Document>(name: string) => mongoCollection<T>(db, name),

    async withTransaction<R>(work: (session: DocumentSession) => Promise<R>): Promise<R> {
      // Driven by hand rather than session.withTransaction, which may run `work` again on transient
      // errors: here work runs once, and a failure reaches the caller (a projection retries anyway).
      const session = client.startSession();
      try {
        session.startTransaction({ readConcern: { level: 'snapshot' }, writeConcern: { w: 'majority' } });
        let result: R;
        try {
          result = await work({ collection: <T extends Document = Document>(name: string) => mongoCollection<T>(db, name, session) });
        } catch (error) {
          await session.abortTransaction().catch(() => undefined);
          throw error;
        }
        await session.commitTransaction();
        return result;
      } finally {
        await session.endSession();
      }
    },

    async ensureIndexes(indexes: IndexSpec[]) {
      for (const index of indexes) {
        await db.collection(checkedName(index.collection)).createIndex(index.keys, { unique: index.unique ?? false });
      }
    },

    async dropCollection(name) {
      try {
        await db.dropCollection(checkedName(name));
      } catch (error) {
        if (error instanceof MongoServerError && (error.code === NAMESPACE_NOT_FOUND || /ns not found/.test(error.message))) return;
        throw error;
      }
    },

    async close() {
      await client.close();
    },
  };
}

function mongoCollection<T extends Document>(db: Db, name: string, session?: ClientSession): Collection<T> {
  const collection = db.collection<StoredDocument>(checkedName(name));
  const inSession = session ? { session } : {};
  const guarded = async <R>(id: unknown, write: () => Promise<R>): Promise<R> => {
    try {
      return await write();
    } catch (error) {
      if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) throw new DuplicateDocumentError(name, String(id));
      throw error;
    }
  };

  return {
    async findOne(filter) {
      return (await collection.findOne(asFilter(filter), { ...inSession, sort: { _id: 1 } })) as T | null;
    },
    async find(filter, options = {}) {
      if (options.limit === 0) return [];
      const cursor = collection.find(asFilter(filter), { ...inSession, sort: withIdTiebreak(options.sort), skip: options.skip, limit: options.limit });
      return (await cursor.toArray()) as T[];
    },
    count: (filter) => collection.countDocuments(asFilter(filter), inSession),
    insertOne: (document) =>
      guarded(document._id, async () => {
        await collection.insertOne({ ...document }, inSession);
      }),
    replaceOne: (filter, document, options = {}) =>
      guarded(document._id, async () => {
        const result = await collection.replaceOne(asFilter(filter), { ...document }, { ...inSession, upsert: options.upsert ?? false });
        return { matched: result.matchedCount };
      }),
    async updateOne(filter, update, options = {}) {
      const id = seedFromFilter(filter)._id;
      if (options.upsert && !id) throw new Error(`${name}: an upsert needs _id in its filter`);
      return guarded(id, async () => {
        const result = await collection.updateOne(asFilter(filter), update as UpdateFilter<StoredDocument>, {
          ...inSession,
          upsert: options.upsert ?? false,
        });
        return { matched: result.matchedCount };
      });
    },
    async deleteOne(filter) {
      return { deleted: (await collection.deleteOne(asFilter(filter), inSession)).deletedCount };
    },
    async deleteMany(filter) {
      return { deleted: (await collection.deleteMany(asFilter(filter), inSession)).deletedCount };
    },
  };
}

function asFilter(filter: Filter): MongoFilter<StoredDocument> {
  return filter as MongoFilter<StoredDocument>;
}

function withIdTiebreak(sort: SortSpec = {}): Sort {
  return '_id' in sort ? sort : { ...sort, _id: 1 };
}

/** The same names the embedded store accepts, so a name that works in tests works in production. */
function checkedName(name: string): string {
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`invalid collection name: ${name}`);
  return name;
}

function databaseName(url: string): string {
  const path = /^mongodb(?:\+srv)?:\/\/[^/]+\/([^?]*)/.exec(url)?.[1];
  return path ? decodeURIComponent(path) : DEFAULT_DATABASE;
}
