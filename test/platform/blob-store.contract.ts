import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { BlobLengthError, BlobNotFoundError, type BlobStore } from '../../src/platform/blob-store/blob-store';

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

    const streamOf = (...chunks: Buffer[]) => Readable.from(chunks);
    const readAll = async (stream: Readable) => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    };

    it('stores a stream under its SHA-256, and reads it back whole or a range of it', async () => {
      const content = randomBytes(200_000);
      const ref = await store.putStream(streamOf(content.subarray(0, 70_000), content.subarray(70_000)));
      expect(ref).to.deep.equal({ sha256: sha256(content), size: content.length });
      expect((await readAll(await store.read(ref.sha256))).equals(content)).to.equal(true);
      expect((await readAll(await store.read(ref.sha256, { start: 1000, end: 1999 }))).equals(content.subarray(1000, 2000))).to.equal(true);
      expect((await store.get(ref.sha256)).equals(content)).to.equal(true);
    });

    it('stores nothing from a stream past its limit or one that fails', async () => {
      const content = randomBytes(5000);
      const refused = await store.putStream(streamOf(content), { maxBytes: 4999 }).then(() => null, (error: unknown) => error);
      expect(refused).to.be.instanceOf(BlobLengthError);
      expect(await store.has(sha256(content))).to.equal(false);
      const failing = new Readable({ read() {} });
      failing.push(content.subarray(0, 100));
      setImmediate(() => failing.destroy(new Error('connection reset')));
      expect(await store.putStream(failing).then(() => 'stored', () => 'failed')).to.equal('failed');
      expect(await store.has(sha256(content.subarray(0, 100)))).to.equal(false);
    });

    it('stages parts, staging one again replaces it, and commits them in order as one blob', async () => {
      const upload = randomUUID();
      const [first, second, third] = [randomBytes(3000), randomBytes(3000), randomBytes(1234)];
      expect(await store.stagePart(upload, 0, streamOf(randomBytes(3000)), 3000)).to.have.property('size', 3000);
      expect(await store.stagePart(upload, 0, streamOf(first), 3000)).to.deep.equal({ sha256: sha256(first), size: 3000 });
      await store.stagePart(upload, 3000, streamOf(second), 3000);
      await store.stagePart(upload, 6000, streamOf(third), 1234);
      const whole = Buffer.concat([first, second, third]);
      expect(await store.commitParts(upload, [0, 3000, 6000])).to.deep.equal({ sha256: sha256(whole), size: whole.length });
      expect((await store.get(sha256(whole))).equals(whole)).to.equal(true);
      await store.discardParts(upload);
      await store.discardParts(upload);
    });

    it('refuses a part longer or shorter than its length; staged again, its range holds the new bytes', async () => {
      const upload = randomUUID();
      const [first, second] = [randomBytes(100), randomBytes(50)];
      await store.stagePart(upload, 0, streamOf(first), 100);
      for (const wrong of [randomBytes(49), randomBytes(51)]) {
        const refused = await store.stagePart(upload, 100, streamOf(wrong), 50).then(() => null, (error: unknown) => error);
        expect(refused).to.be.instanceOf(BlobLengthError);
      }
      await store.stagePart(upload, 100, streamOf(second), 50);
      const ref = await store.commitParts(upload, [0, 100]);
      expect((await store.get(ref.sha256)).equals(Buffer.concat([first, second]))).to.equal(true);
      expect(await store.commitParts(upload, [0, 100]), 'committed again while staged').to.deep.equal(ref);
      await store.discardParts(upload);
    });

    it('stages parts that come out of order, and commits them as one blob', async () => {
      const upload = randomUUID();
      const [first, second] = [randomBytes(64), randomBytes(32)];
      await store.stagePart(upload, 64, streamOf(second), 32);
      await store.stagePart(upload, 0, streamOf(first), 64);
      const whole = Buffer.concat([first, second]);
      expect(await store.commitParts(upload, [0, 64])).to.deep.equal({ sha256: sha256(whole), size: 96 });
      await store.discardParts(upload);
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
