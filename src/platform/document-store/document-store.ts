/**
 * The read-model port: MongoDB-shaped collections of JSON documents. The embedded adapter (SQLite)
 * and the MongoDB adapter accept the same subset of MongoDB's query language, listed here, so a
 * projection or query written once runs on both.
 *
 * Filters: { field: value } (dotted paths of names, no array indexes; equality on scalar fields; values
 * compare within their type), and per field the operators
 * $eq $ne $gt $gte $lt $lte $in $nin $exists $elemMatch:{$eq|$in} (membership in array fields);
 * $and and $or at the top. Dates are stored as ISO-8601 UTC strings so they compare as text.
 * Updates: $set $unset $inc $push $pull $setOnInsert.
 */
export type Document = { _id: string; [field: string]: unknown };
export type Filter = Record<string, unknown>;
export type SortSpec = Record<string, 1 | -1>;
export type Update = {
  $set?: Record<string, unknown>;
  $unset?: Record<string, unknown>;
  $inc?: Record<string, number>;
  $push?: Record<string, unknown>;
  $pull?: Record<string, unknown>;
  $setOnInsert?: Record<string, unknown>;
};
export type FindOptions = { sort?: SortSpec; skip?: number; limit?: number };

export interface Collection<T extends Document = Document> {
  findOne(filter: Filter): Promise<T | null>;
  find(filter: Filter, options?: FindOptions): Promise<T[]>;
  count(filter: Filter): Promise<number>;
  insertOne(document: T): Promise<void>;
  /** replaces the whole document, creating it when upsert is true */
  replaceOne(filter: Filter, document: T, options?: { upsert?: boolean }): Promise<{ matched: number }>;
  updateOne(filter: Filter, update: Update, options?: { upsert?: boolean }): Promise<{ matched: number }>;
  deleteOne(filter: Filter): Promise<{ deleted: number }>;
  deleteMany(filter: Filter): Promise<{ deleted: number }>;
}

export type IndexSpec = { collection: string; keys: Record<string, 1 | -1>; unique?: boolean };

/** A unit of work whose writes commit together or not at all. */
export interface DocumentSession {
  collection<T extends Document = Document>(name: string): Collection<T>;
}

export interface DocumentStore extends DocumentSession {
  /**
   * Runs `work` in one transaction. `work` may run more than once (MongoDB retries a transaction that
   * failed for a transient reason, such as a write conflict with another bridge), so it must write only
   * through the session and read again what it decides on. After an error inside it, the transaction is
   * over: let the error end `work` rather than carry on with other writes.
   */
  withTransaction<R>(work: (session: DocumentSession) => Promise<R>): Promise<R>;
  ensureIndexes(indexes: IndexSpec[]): Promise<void>;
  dropCollection(name: string): Promise<void>;
  close(): Promise<void>;
}

export class DuplicateDocumentError extends Error {
  constructor(readonly collection: string, readonly id: string) {
    super(`${collection}: a document with the same unique key already exists (${id})`);
    this.name = 'DuplicateDocumentError';
  }
}
