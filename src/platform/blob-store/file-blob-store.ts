import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { open, readFile, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BlobNotFoundError, blobRefOf, checkedBlobName, type BlobRef, type BlobStore } from './blob-store';
import { fileStaging } from './file-staging';
import { CountingHash } from './counting-hash';

/**
 * The embedded profile's blobs: one file per blob under `dir`, named by its SHA-256. Written to a
 * temporary file, fsynced, renamed into place, and the directory fsynced, so after a crash a blob is
 * either whole under its name or absent. Uploads in parts are staged under `dir/.staging/<upload>/`
 * (file-staging.ts). Temporary files a crash left behind are removed when the store opens (one process
 * holds DATA_DIR at a time).
 */
export function openFileBlobStore(dir: string): BlobStore {
  mkdirSync(dir, { recursive: true });
  removeTemporaryFiles(dir);
  const staging = fileStaging(join(dir, '.staging'), dir, { file: syncFile, directory: syncDirectory });

  /** Writes the stream to a temporary file, durably; the caller renames it into place or removes it. */
  const writeTemporary = async (source: Readable, counter: CountingHash): Promise<string> => {
    const temporary = join(dir, `${randomUUID()}.tmp`);
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
      const temporary = await writeTemporary(source, counter);
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

    stagePart: (uploadId, start, source, length) => staging.stagePart(uploadId, start, source, length),
    commitParts: (uploadId) => staging.commitParts(uploadId),
    discardParts: (uploadId) => staging.discardParts(uploadId),

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

/** What a crash left half written: temporary files of blobs. */
function removeTemporaryFiles(dir: string): void {
  for (const name of readdirSync(dir)) if (name.endsWith('.tmp')) rmSync(join(dir, name), { force: true });
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
