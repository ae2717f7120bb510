import { GridFSBucket, MongoClient } from 'mongodb';
import { databaseName } from '../document-store/mongo-document-store';
import { BlobNotFoundError, blobRefOf, checkedBlobName, type BlobStore } from './blob-store';

/**
 * The production profile's blobs: GridFS in the read models' MongoDB, so every bridge reads what any
 * bridge stored (a shared DATA_DIR is no longer needed for them). A blob's file name is its SHA-256.
 * GridFS writes the chunks first and the file document last, with majority write concern and the
 * journal: a blob is found only once all its chunks are durable. Two bridges storing the same bytes at
 * once may leave two file documents for one name; both hold the same bytes, and `get` reads the newest.
 */
export async function openGridFsBlobStore(url: string, bucketName: string): Promise<BlobStore> {
  const client = new MongoClient(url, { writeConcern: { w: 'majority', journal: true }, readConcern: { level: 'majority' } });
  await client.connect();
  const bucket = new GridFSBucket(client.db(databaseName(url)), { bucketName });
  const stored = async (sha256: string) => (await bucket.find({ filename: sha256 }, { limit: 1 }).toArray()).length > 0;

  return {
    async put(content) {
      const ref = blobRefOf(content);
      if (await stored(ref.sha256)) return ref;
      await new Promise<void>((resolve, reject) => {
        const upload = bucket.openUploadStream(ref.sha256);
        upload.once('finish', () => resolve());
        upload.once('error', reject);
        upload.end(content);
      });
      return ref;
    },

    has: (sha256) => stored(checkedBlobName(sha256)),

    async get(sha256) {
      const name = checkedBlobName(sha256);
      if (!(await stored(name))) throw new BlobNotFoundError(name);
      const chunks: Buffer[] = [];
      for await (const chunk of bucket.openDownloadStreamByName(name)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },

    async close() {
      await client.close();
    },
  };
}
