import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { Readable } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { blobRefOf } from '../../src/platform/blob-store/blob-store';
import { openFileBlobStore } from '../../src/platform/blob-store/file-blob-store';
import { loadConfig } from '../../src/config';
import { openStores } from '../../src/platform/storage';
import { blobStoreContract } from './blob-store.contract';

const directory = mkdtempSync(join(tmpdir(), 'egov-blobs-'));

blobStoreContract(
  'files',
  async () => openFileBlobStore(join(directory, 'contract')),
  async () => rmSync(directory, { recursive: true, force: true }),
);

describe('file blob store', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'egov-blobs-data-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('leaves no temporary file behind, only the blob under its name', async () => {
    const store = openFileBlobStore(join(dataDir, 'blobs'));
    const ref = await store.put(Buffer.from('attachment'));
    expect(readdirSync(join(dataDir, 'blobs'))).to.deep.equal([ref.sha256]);
  });

  it('removes, when it opens, the temporary files a crash left half written, and keeps staged uploads', async () => {
    const blobs = join(dataDir, 'blobs');
    const staged = join(blobs, '.staging', '00000000-0000-4000-8000-000000000001');
    mkdirSync(staged, { recursive: true });
    writeFileSync(join(blobs, 'a5d0c1f0-half.tmp'), 'half a blob');
    writeFileSync(join(staged, 'data'), 'staged parts');
    openFileBlobStore(blobs);
    expect(readdirSync(blobs)).to.deep.equal(['.staging']);
    expect(readdirSync(staged)).to.deep.equal(['data']);
  });

  it('completes an upload without copying it: the staged file becomes the blob (one inode), hashed as its parts came', async () => {
    const store = openFileBlobStore(join(dataDir, 'blobs'));
    const upload = '00000000-0000-4000-8000-000000000002';
    const parts = [Buffer.alloc(1000, 1), Buffer.alloc(500, 2)];
    await store.stagePart(upload, 0, Readable.from([parts[0]]), 1000);
    await store.stagePart(upload, 1000, Readable.from([parts[1]]), 500);
    const ref = await store.commitParts(upload, [0, 1000]);
    expect(ref).to.deep.equal(blobRefOf(Buffer.concat(parts)));
    expect(statSync(join(dataDir, 'blobs', ref.sha256)).ino).to.equal(statSync(join(dataDir, 'blobs', '.staging', upload, 'data')).ino);
    await store.discardParts(upload);
    expect((await store.get(ref.sha256)).equals(Buffer.concat(parts))).to.equal(true);
  });

  it('takes in the attachments an earlier version kept in DATA_DIR/notification/attachments', async () => {
    const content = Buffer.from('an attachment stored before the blob store');
    const earlier = join(dataDir, 'notification', 'attachments');
    mkdirSync(earlier, { recursive: true });
    writeFileSync(join(earlier, blobRefOf(content).sha256), content);

    const stores = await openStores(loadConfig({ DATA_DIR: dataDir }));
    try {
      expect((await stores.blobs.get(blobRefOf(content).sha256)).equals(content)).to.equal(true);
      expect(existsSync(earlier)).to.equal(false);
    } finally {
      await stores.close();
    }
  });

  it('leaves an earlier attachment whose bytes no longer match its name where it is', async () => {
    const earlier = join(dataDir, 'notification', 'attachments');
    mkdirSync(earlier, { recursive: true });
    const name = blobRefOf(Buffer.from('what it was')).sha256;
    writeFileSync(join(earlier, name), 'damaged since');

    const stores = await openStores(loadConfig({ DATA_DIR: dataDir }));
    try {
      expect(await stores.blobs.has(name)).to.equal(false);
      expect(readdirSync(earlier)).to.deep.equal([name]);
    } finally {
      await stores.close();
    }
  });
});
