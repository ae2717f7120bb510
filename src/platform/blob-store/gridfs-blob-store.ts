import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GridFSBucket, MongoClient, type ObjectId } from 'mongodb';
import { databaseName } from '../document-store/mongo-document-store';
import { BlobNotFoundError, blobRefOf, checkedBlobName, checkedUploadId, type BlobStore } from './blob-store';
import { CountingHash } from './counting-hash';

/**
 * The production profile's blobs: GridFS in the read models' MongoDB, so every bridge reads what any
 * bridge stored (a shared DATA_DIR is no longer needed for them). A blob's file name is its SHA-256.
 * GridFS writes the chunks first and the file document last, with majority write concern and the
 * journal: a blob is found only once all its chunks are durable. Two bridges storing the same bytes at
 * once may leave two file documents for one name; both hold the same bytes, and `get` reads the newest.
 *
 * Streamed content is written under a temporary name (`tmp/<uuid>`) while it is hashed, then renamed to
 * its hash (or dropped when that blob is there already). Staged parts are files named
 * `staging/<upload>/<start>`; staging a part again adds a newer file of that name, read in its place.
 */
export async function openGridFsBlobStore(url: string, bucketName: string): Promise<BlobStore> {
  const client = new MongoClient(url, { writeConcern: { w: 'majority', journal: true }, readConcern: { level: 'majority' } });
  await client.connect();
  const bucket = new GridFSBucket(client.db(databaseName(url)), { bucketName });
  const stored = async (name: string) => (await bucket.find({ filename: name }, { limit: 1 }).toArray()).length > 0;
  const partName = (uploadId: string, start: number) => `staging/${checkedUploadId(uploadId)}/${start}`;

  /** Streams into a file of that name; resolves with its id once durable, removes what it wrote on failure. */
  const upload = async (source: Readable, name: string, counter: CountingHash): Promise<ObjectId> => {
    const sink = bucket.openUploadStream(name);
    try {
      await pipeline(source, counter, sink);
      return sink.id;
    } catch (error) {
      await bucket.delete(sink.id).catch(() => undefined);
      throw error;
    }
  };

  const store: BlobStore = {
    async put(content) {
      const ref = blobRefOf(content);
      if (await stored(ref.sha256)) return ref;
      await new Promise<void>((resolve, reject) => {
        const sink = bucket.openUploadStream(ref.sha256);
        sink.once('finish', () => resolve());
        sink.once('error', reject);
        sink.end(content);
      });
      return ref;
    },

    async putStream(source, options = {}) {
      const counter = new CountingHash({ atMost: options.maxBytes });
      const id = await upload(source, `tmp/${randomUUID()}`, counter);
      const ref = counter.ref();
      if (await stored(ref.sha256)) await bucket.delete(id);
      else await bucket.rename(id, ref.sha256);
      return ref;
    },

    has: (sha256) => stored(checkedBlobName(sha256)),

    async get(sha256) {
      const chunks: Buffer[] = [];
      for await (const chunk of await store.read(sha256)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },

    async read(sha256, range) {
      const name = checkedBlobName(sha256);
      if (!(await stored(name))) throw new BlobNotFoundError(name);
      // GridFS counts the end exclusive
      return bucket.openDownloadStreamByName(name, range ? { start: range.start, end: range.end + 1 } : {});
    },

    async stagePart(uploadId, start, source, length) {
      const counter = new CountingHash({ exactly: length });
      const id = await upload(source, partName(uploadId, start), counter);
      try {
        return counter.ref();
      } catch (error) {
        await bucket.delete(id).catch(() => undefined);
        throw error;
      }
    },

    async commitParts(uploadId, starts) {
      const names = starts.map((start) => partName(uploadId, start));
      const concatenated = Readable.from(
        (async function* () {
          for (const name of names) yield* bucket.openDownloadStreamByName(name);
        })(),
      );
      return store.putStream(concatenated);
    },

    async discardParts(uploadId) {
      const prefix = `staging/${checkedUploadId(uploadId)}/`;
      const files = await bucket.find({ filename: { $regex: `^${prefix}` } }).toArray();
      for (const file of files) await bucket.delete(file._id).catch(() => undefined);
    },

    async close() {
      await client.close();
    },
  };
  return store;
}

