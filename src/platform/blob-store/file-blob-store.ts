import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { open, readFile, rename, rm, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BlobNotFoundError, blobRefOf, checkedBlobName, checkedUploadId, type BlobRef, type BlobStore } from './blob-store';
import { CountingHash } from './counting-hash';

/**
 * The embedded profile's blobs: one file per blob under `dir`, named by its SHA-256. Written to a
 * temporary file, fsynced, renamed into place, and the directory fsynced, so after a crash a blob is
 * either whole under its name or absent. Staged parts of uploads live under `dir/.staging/<upload>/<start>`,
 * written the same way. Temporary files a crash left behind are removed when the store opens (one process
 * holds DATA_DIR at a time).
 */
export function openFileBlobStore(dir: string): BlobStore {
  const staging = join(dir, '.staging');
  mkdirSync(dir, { recursive: true });
  removeTemporaryFiles(dir);
  const partPath = (uploadId: string, start: number) => join(staging, checkedUploadId(uploadId), String(start));

  /** Writes the stream to a temporary file, durably; the caller renames it into place or removes it. */
  const writeTemporary = async (source: Readable, counter: CountingHash, where: string): Promise<string> => {
    const temporary = join(where, `${randomUUID()}.tmp`);
    try {
      await pipeline(source, counter, createWriteStream(temporary));
      await syncFile(temporary);
      return temporary;
    } catch (error) {
      await unlink(temporary).catch(() => undefined);
      throw error;
    }
  };

  const store: BlobStore = {
    async put(content) {
      const ref = blobRefOf(content);
      const path = join(dir, ref.sha256);
      if (existsSync(path)) return ref;
      const temporary = `${path}.${randomUUID()}.tmp`;
      await writeDurably(temporary, content);
      await rename(temporary, path);
      await syncDirectory(dir);
      return ref;
    },

    async putStream(source, options = {}) {
      const counter = new CountingHash({ atMost: options.maxBytes });
      const temporary = await writeTemporary(source, counter, dir);
      return placeAs(temporary, counter.ref());
    },

    async has(sha256) {
      return existsSync(join(dir, checkedBlobName(sha256)));
    },

    async get(sha256) {
      try {
        return await readFile(join(dir, checkedBlobName(sha256)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new BlobNotFoundError(sha256);
        throw error;
      }
    },

    async read(sha256, range) {
      const path = join(dir, checkedBlobName(sha256));
      if (!(await stat(path).catch(() => null))) throw new BlobNotFoundError(sha256);
      return createReadStream(path, range ? { start: range.start, end: range.end } : {});
    },

    async stagePart(uploadId, start, source, length) {
      const path = partPath(uploadId, start);
      const where = join(staging, uploadId);
      // made when an upload first needs it, so that a store without uploads holds only blobs
      mkdirSync(where, { recursive: true });
      const counter = new CountingHash({ exactly: length });
      const temporary = await writeTemporary(source, counter, where);
      try {
        const ref = counter.ref();
        await rename(temporary, path);
        await syncDirectory(where);
        return ref;
      } catch (error) {
        await unlink(temporary).catch(() => undefined);
        throw error;
      }
    },

    async commitParts(uploadId, starts) {
      const paths = starts.map((start) => partPath(uploadId, start));
      const concatenated = Readable.from(
        (async function* () {
          for (const path of paths) yield* createReadStream(path);
        })(),
      );
      return store.putStream(concatenated);
    },

    async discardParts(uploadId) {
      await rm(join(staging, checkedUploadId(uploadId)), { recursive: true, force: true });
    },

    async close() {},
  };

  /** A durable temporary file becomes the blob of its name (or goes, when that blob is there already). */
  async function placeAs(temporary: string, ref: BlobRef): Promise<BlobRef> {
    const path = join(dir, ref.sha256);
    if (existsSync(path)) {
      await unlink(temporary);
      return ref;
    }
    await rename(temporary, path);
    await syncDirectory(dir);
    return ref;
  }

  return store;
}

/** What a crash left half written: temporary files of blobs and of staged parts. */
function removeTemporaryFiles(dir: string): void {
  const remove = (where: string) => {
    for (const name of readdirSync(where)) if (name.endsWith('.tmp')) rmSync(join(where, name), { force: true });
  };
  remove(dir);
  const staging = join(dir, '.staging');
  if (existsSync(staging)) for (const upload of readdirSync(staging)) remove(join(staging, upload));
}

async function writeDurably(path: string, content: Buffer): Promise<void> {
  const file = await open(path, 'w');
  try {
    await file.writeFile(content);
    await file.sync();
  } finally {
    await file.close();
  }
}

async function syncFile(path: string): Promise<void> {
  const handle = await open(path, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** A rename is durable once the directory holding it is. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
