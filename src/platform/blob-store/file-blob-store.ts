import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { open, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { BlobNotFoundError, blobRefOf, checkedBlobName, type BlobStore } from './blob-store';

/**
 * The embedded profile's blobs: one file per blob under `dir`, named by its SHA-256. Written to a
 * temporary file, fsynced, renamed into place, and the directory fsynced, so after a crash a blob is
 * either whole under its name or absent.
 */
export function openFileBlobStore(dir: string): BlobStore {
  mkdirSync(dir, { recursive: true });
  return {
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

    async close() {},
  };
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

/** A rename is durable once the directory holding it is. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
