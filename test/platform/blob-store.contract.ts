import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { BlobNotFoundError, type BlobStore } from '../../src/platform/blob-store/blob-store';

/** What every blob store adapter must do, run by one spec per adapter. Random bytes, so a shared server may hold others. */
export function blobStoreContract(name: string, open: () => Promise<BlobStore>, cleanup?: () => Promise<void>) {
  describe(`blob store contract: ${name}`, () => {
    let store: BlobStore;
    before(async () => {
      store = await open();
    });
    after(async () => {
      await store.close();
      await cleanup?.();
    });

    const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');

    it('stores bytes under their SHA-256 and gives them back', async () => {
      const content = randomBytes(1000);
      expect(await store.has(sha256(content))).to.equal(false);
      expect(await store.put(content)).to.deep.equal({ sha256: sha256(content), size: 1000 });
      expect(await store.has(sha256(content))).to.equal(true);
      expect((await store.get(sha256(content))).equals(content)).to.equal(true);
    });

    it('keeps the same bytes stored twice, or at once, as one blob with the same name', async () => {
      const content = randomBytes(300);
      const refs = await Promise.all([store.put(content), store.put(Buffer.from(content)), store.put(content)]);
      expect(new Set(refs.map((ref) => ref.sha256)).size).to.equal(1);
      expect((await store.get(refs[0].sha256)).equals(content)).to.equal(true);
    });

    it('gives back a 10 MB blob (the largest attachment) and an empty one, byte for byte', async () => {
      for (const content of [randomBytes(10 * 1024 * 1024), Buffer.alloc(0)]) {
        const ref = await store.put(content);
        expect(ref.size).to.equal(content.length);
        expect((await store.get(ref.sha256)).equals(content)).to.equal(true);
      }
    });

    it('refuses a name that is not a SHA-256, and reports one that names nothing', async () => {
      for (const bad of ['../../etc/passwd', 'ABC', `${sha256(randomBytes(8))}x`, sha256(randomBytes(8)).toUpperCase()]) {
        const outcome = await Promise.resolve().then(() => store.get(bad)).then(() => 'read', (error: Error) => error.message);
        expect(outcome, bad).to.match(/not a blob name/);
      }
      const missing = sha256(randomBytes(8));
      const error = await store.get(missing).then(() => null, (failure: unknown) => failure);
      expect(error).to.be.instanceOf(BlobNotFoundError);
      expect(error).to.include({ sha256: missing });
    });
  });
}
