import {
  MongoClient,
  MongoError,
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
  type Update,
} from './document-store';
import { seedFromFilter } from './document-update';

const DEFAULT_DATABASE = 'egov_platform';
const DUPLICATE_KEY = 11000;
const NAMESPACE_NOT_FOUND = 26;
/** a transaction failing for a transient reason (a write conflict, an election) is run again, this many times in all */
const TRANSACTION_ATTEMPTS = 5;

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
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await runTransaction(work);
        } catch (error) {
          const transient = error instanceof MongoError && error.hasErrorLabel('TransientTransactionError');
          if (!transient || attempt === TRANSACTION_ATTEMPTS) throw error;
        }
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

  /**
   * One try, driven by hand: the driver's session.withTransaction would also retry a commit whose result
   * is unknown, which the projection runner handles itself (its stored-checkpoint check).
   */
  async function runTransaction<R>(work: (session: DocumentSession) => Promise<R>): Promise<R> {
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
  }
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
        await collection.insertOne(asStored(document), inSession);
      }),
    replaceOne: (filter, document, options = {}) =>
      guarded(document._id, async () => {
        const result = await collection.replaceOne(asFilter(filter), asStored(document), { ...inSession, upsert: options.upsert ?? false });
        return { matched: result.matchedCount };
      }),
    async updateOne(filter, update, options = {}) {
      const id = seedFromFilter(filter)._id;
      if (options.upsert && !id) throw new Error(`${name}: an upsert needs _id in its filter`);
      return guarded(id, async () => {
        const result = await collection.updateOne(asFilter(filter), toMongoUpdate(update), {
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

/**
 * A value as the embedded store keeps it: its JSON. There a field set to undefined is left out; the
 * driver would store null, and a filter on null or $exists would then tell the two stores apart.
 */
export function asStored<V>(value: V): V {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as V);
}

/** The update as the embedded store applies it: values as stored, and `$set` of undefined removes the field. */
export function toMongoUpdate(update: Update): UpdateFilter<StoredDocument> {
  const converted: Record<string, Record<string, unknown>> = {};
  for (const [operator, fields] of Object.entries(update) as [string, Record<string, unknown> | undefined][]) {
    for (const [path, value] of Object.entries(fields ?? {})) {
      if (value !== undefined) (converted[operator] ??= {})[path] = asStored(value);
      else if (operator === '$set') (converted.$unset ??= {})[path] = '';
    }
  }
  return converted as UpdateFilter<StoredDocument>;
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

export function databaseName(url: string): string {
  const path = /^mongodb(?:\+srv)?:\/\/[^/]+\/([^?]*)/.exec(url)?.[1];
  return path ? decodeURIComponent(path) : DEFAULT_DATABASE;
}
