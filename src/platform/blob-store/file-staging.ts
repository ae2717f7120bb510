import { createHash, type Hash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync } from 'node:fs';
import { link, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkedUploadId, type BlobRef } from './blob-store';
import { CountingHash } from './counting-hash';

/**
 * Staged uploads on the file system: one file per upload (`<dir>/<upload>/data`), each part written in
 * place at its first byte and fsynced, so completing the upload copies nothing: the file is linked under
 * its hash. Parts usually come in order, so the whole's SHA-256 is kept running in memory as they arrive
 * (a copy taken before each part, kept only when the part is whole); when it is missing (a restart, a
 * part out of order) the file is read once to hash it.
 */
export function fileStaging(dir: string, blobsDir: string, sync: { file(path: string): Promise<void>; directory(dir: string): Promise<void> }) {
  const { file: syncFile, directory: syncDirectory } = sync;
  const running = new Map<string, { offset: number; hash: Hash }>();
  const dataOf = (uploadId: string) => join(dir, checkedUploadId(uploadId), 'data');

  return {
    async stagePart(uploadId: string, start: number, source: Readable, length: number): Promise<BlobRef> {
      const path = dataOf(uploadId);
      mkdirSync(join(dir, uploadId), { recursive: true });
      const whole = running.get(uploadId);
      // the whole's hash goes on only from where it stands; an earlier range written again makes it unknown
      const continued = start === 0 ? createHash('sha256') : whole?.offset === start ? whole.hash.copy() : undefined;
      if (!continued && whole && whole.offset > start) running.delete(uploadId);
      const counter = new CountingHash({ exactly: length }, continued);
      await pipeline(source, counter, createWriteStream(path, { flags: existsSync(path) ? 'r+' : 'w', start }));
      const ref = counter.ref();
      await syncFile(path);
      if (continued) running.set(uploadId, { offset: start + length, hash: continued });
      return ref;
    },

    /** The upload's file linked under its hash (staged parts stay until discarded; an existing blob is kept). */
    async commitParts(uploadId: string): Promise<BlobRef> {
      const path = dataOf(uploadId);
      const size = (await stat(path)).size;
      const whole = running.get(uploadId);
      let sha256: string;
      if (whole?.offset === size) sha256 = whole.hash.copy().digest('hex');
      else {
        const hash = createHash('sha256');
        for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
        sha256 = hash.digest('hex');
      }
      const blob = join(blobsDir, sha256);
      if (!existsSync(blob)) {
        await link(path, blob).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'EEXIST') throw error;
        });
        await syncDirectory(blobsDir);
      }
      return { sha256, size };
    },

    async discardParts(uploadId: string): Promise<void> {
      running.delete(uploadId);
      await rm(join(dir, checkedUploadId(uploadId)), { recursive: true, force: true });
    },
  };
}
