import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { open, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Attachment bytes live beside the log, not in it: a 10 MB attachment would make every consumer of
 * notification events read it. Files are named by their SHA-256 and written durably (fsync, rename)
 * before the event that cites them is appended, so an event never names a missing file.
 */
export class AttachmentStore {
  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  async put(content: Buffer): Promise<{ sha256: string; size: number }> {
    const sha256 = createHash('sha256').update(content).digest('hex');
    const path = join(this.dir, sha256);
    if (!existsSync(path)) {
      const temporary = `${path}.${randomUUID()}.tmp`;
      const file = await open(temporary, 'w');
      try {
        await file.writeFile(content);
        await file.sync();
      } finally {
        await file.close();
      }
      await rename(temporary, path);
    }
    return { sha256, size: content.length };
  }

  get(sha256: string): Promise<Buffer> {
    if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error(`not an attachment hash: ${sha256}`);
    return readFile(join(this.dir, sha256));
  }
}
