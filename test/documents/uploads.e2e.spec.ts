import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import type { HttpsClient } from '../support/https-client';
import type { TestPlatform } from '../support/test-platform';
import { createDocuments, cutRequest, expectEventsFollowContracts, expectShape, expectStatus, ION, MIB, PART, sendPart, startDocuments, uploadBytes } from './documents-test-kit';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('Document store: blobs, uploads in parts, downloads with Range (e2e over mTLS)', function () {
  this.timeout(180_000);
  let platform: TestPlatform;
  let institution: HttpsClient;
  let writer: HttpsClient;

  before(async () => {
    ({ platform, institution, writer } = await startDocuments({ settings: { maxBlobBytes: 64 * MIB } }));
  });
  after(async () => {
    await expectEventsFollowContracts(platform);
    await platform.stop();
  });

  const status = async (blobId: string) => expectShape(expectStatus(await institution.get(`/mdocs/blobs/${blobId}`), 200), 'blob-status');
  const staged = (blobId: string) => {
    const dir = join(platform.dataDir, 'blobs', '.staging', blobId);
    return existsSync(dir) ? readdirSync(dir) : [];
  };

  it('uploads content whole (POST, 201 {id}), JSON or raw bytes of any type, and downloads it byte for byte', async () => {
    const bytes = randomBytes(300_000);
    const blobId = await uploadBytes(institution, bytes, 'image/png');
    expect(await status(blobId)).to.include({ status: 'uploaded', totalSize: bytes.length, sha256: sha256(bytes), contentType: 'image/png' });
    const [created] = await createDocuments(institution, blobId, [{ principal: ION, name: 'poza.png' }]);
    const download = expectStatus(await institution.get(`/mdocs/documents/${created.id}/blob`, { query: { principal: ION } }), 200);
    expect(download.body.equals(bytes)).to.equal(true);
    expect(download.headers).to.include({ 'content-type': 'image/png', 'accept-ranges': 'bytes', 'x-content-type-options': 'nosniff', etag: `"${sha256(bytes)}"` });
    expect(download.headers['content-disposition']).to.equal("attachment; filename*=UTF-8''poza.png");
  });

  it('uploads in parts (POST with Content-Range, then PUT), resumes after a dropped connection, completes with the SHA-256 of the whole', async () => {
    const bytes = randomBytes(2 * PART + 12_345);
    const total = bytes.length;
    const first = expectStatus(await sendPart(institution, null, bytes.subarray(0, PART), 0, total), 201);
    const blobId = first.json().id;
    expect(await status(blobId)).to.include({ status: 'uploading', received: PART, totalSize: total, sha256: null });

    // the second part is cut after 3 MiB: nothing of it counts, and the client sends it again
    await cutRequest(institution, 'PUT', `/mdocs/blobs/${blobId}`, { 'content-range': `bytes ${PART}-${2 * PART - 1}/${total}` }, PART, bytes.subarray(PART, PART + 3 * MIB));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await status(blobId)).to.include({ received: PART, expectedRange: `bytes ${PART}-${total - 1}/${total}` });
    expect(staged(blobId)).to.deep.equal(['data']);

    const second = expectStatus(await sendPart(institution, blobId, bytes.subarray(PART, 2 * PART), PART, total), 200);
    expect(expectShape(second, 'blob-part')).to.include({ received: 2 * PART, complete: false });
    const last = expectStatus(await sendPart(institution, blobId, bytes.subarray(2 * PART), 2 * PART, total), 200);
    expect(last.json()).to.include({ received: total, complete: true });
    expect(await status(blobId)).to.include({ status: 'uploaded', sha256: sha256(bytes) });
    expect(staged(blobId), 'the parts are removed once they are one blob').to.deep.equal([]);

    // the last part sent again (its answer was lost) is a retry, not an error
    expectStatus(await sendPart(institution, blobId, bytes.subarray(2 * PART), 2 * PART, total), 200);
    const [created] = await createDocuments(institution, blobId, [{ principal: ION, name: 'mare.bin' }]);
    const download = expectStatus(await institution.get(`/mdocs/documents/${created.id}/blob`, { query: { principal: ION } }), 200);
    expect(sha256(download.body)).to.equal(sha256(bytes));
  });

  it('refuses overlapping, out-of-order, too small and mislabelled parts with 400 and the range it expects', async () => {
    const bytes = randomBytes(3 * PART);
    const total = bytes.length;
    const blobId = expectStatus(await sendPart(institution, null, bytes.subarray(0, PART), 0, total), 201).json().id;
    const expected = `bytes ${PART}-${total - 1}/${total}`;
    const refused = async (response: ReturnType<typeof sendPart>, what: string) => expectStatus(await response, 400, what).json();
    const overlap = await refused(sendPart(institution, blobId, bytes.subarray(PART - 100, 2 * PART - 100), PART - 100, total), 'overlap');
    expect(overlap.errors['Content-Range']).to.deep.equal([`expected ${expected}`]);
    const gap = expectStatus(await sendPart(institution, blobId, bytes.subarray(2 * PART, 3 * PART), 2 * PART, total), 400);
    expect(gap.headers['x-expected-content-range']).to.equal(expected);
    await refused(sendPart(institution, blobId, bytes.subarray(PART, PART + MIB), PART, total), 'a part under 5 MiB that is not the last');
    await refused(sendPart(institution, blobId, bytes.subarray(PART, 2 * PART), PART, total + 1), 'another total');
    await refused(sendPart(institution, blobId, bytes.subarray(PART, 2 * PART - 10), PART, total, { 'content-range': `bytes ${PART}-${2 * PART - 1}/${total}` }), 'a body shorter than its range');
    for (const header of ['bytes 5-1/10', 'bytes=0-1/10', 'bytes 0-9/5', 'bytes 0-1/*', 'items 0-1/2', `bytes ${PART}-${2 * PART - 1}/x`]) {
      await refused(institution.put(`/mdocs/blobs/${blobId}`, { body: Buffer.alloc(1), headers: { 'content-range': header } }), header);
    }
    await refused(institution.put(`/mdocs/blobs/${blobId}`, { body: bytes.subarray(PART, 2 * PART) }), 'no Content-Range');
    expect(await status(blobId)).to.include({ received: PART });
    expect(staged(blobId)).to.deep.equal(['data']);
  });

  it('refuses a first part that does not start at 0, a total over the largest blob (413), a part for another client\'s upload (403), an unknown blob (404)', async () => {
    const part = randomBytes(PART);
    expectStatus(await sendPart(institution, null, part, PART, 3 * PART), 400);
    expectStatus(await sendPart(institution, null, part, 0, 65 * MIB), 413);
    const blobId = expectStatus(await sendPart(institution, null, part, 0, 2 * PART), 201).json().id;
    expectStatus(await sendPart(writer, blobId, part, PART, 2 * PART), 403);
    expectStatus(await sendPart(institution, '00000000-0000-4000-8000-000000000000', part, PART, 2 * PART), 404);
    expectStatus(await institution.put('/mdocs/blobs/nope', { body: part, headers: { 'content-range': `bytes ${PART}-${2 * PART - 1}/${2 * PART}` } }), 404);
    const whole = await uploadBytes(institution, Buffer.from('whole'), 'text/plain');
    expectStatus(await sendPart(institution, whole, part, PART, 2 * PART), 400);
  });

  it('refuses a whole upload over the largest blob (413) whether it says its length or not', async () => {
    expectStatus(await institution.post('/mdocs/blobs', { body: Buffer.alloc(65 * MIB), headers: { 'content-type': 'application/octet-stream' } }), 413);
  });

  it('limits JSON content to 256 KB (413) and refuses JSON that is not (400)', async () => {
    const big = JSON.stringify({ text: 'x'.repeat(257 * 1024) });
    expectStatus(await institution.post('/mdocs/blobs', { query: { documentTypeCode: 'Unknown' }, body: big, headers: { 'content-type': 'application/json' } }), 413);
    expectStatus(await institution.post('/mdocs/blobs', { query: { documentTypeCode: 'Unknown' }, body: '{"a":', headers: { 'content-type': 'application/json' } }), 400);
    expectStatus(await institution.post('/mdocs/blobs', { query: { documentTypeCode: 'NoSuchType' }, body: '{}', headers: { 'content-type': 'application/json' } }), 400);
    expectStatus(await institution.post('/mdocs/blobs', { query: { documentTypeCode: 'Folder' }, body: '{}', headers: { 'content-type': 'application/json' } }), 400);
  });

  it('checks the SHA-256 a client announces (Repr-Digest), whole and in parts', async () => {
    const bytes = randomBytes(PART + 10);
    const digest = (content: Buffer) => ({ 'repr-digest': `sha-256=:${createHash('sha256').update(content).digest('base64')}:` });
    expectStatus(await institution.post('/mdocs/blobs', { body: bytes.subarray(0, 100), headers: { 'content-type': 'application/octet-stream', ...digest(bytes.subarray(0, 99)) } }), 400);
    expectStatus(await institution.post('/mdocs/blobs', { body: bytes.subarray(0, 100), headers: { 'content-type': 'application/octet-stream', ...digest(bytes.subarray(0, 100)) } }), 201);
    const good = expectStatus(await sendPart(institution, null, bytes.subarray(0, PART), 0, bytes.length, digest(bytes)), 201).json().id;
    expectStatus(await sendPart(institution, good, bytes.subarray(PART), PART, bytes.length), 200);
    const bad = expectStatus(await sendPart(institution, null, bytes.subarray(0, PART), 0, bytes.length, digest(randomBytes(8))), 201).json().id;
    const refused = expectStatus(await sendPart(institution, bad, bytes.subarray(PART), PART, bytes.length), 400);
    expect(refused.json().errors).to.have.property('Repr-Digest');
    expect(await status(bad)).to.include({ status: 'abandoned' });
  });

  it('deletes a blob (200), which then makes no document (404), nor can be deleted by another client (403)', async () => {
    const blobId = await uploadBytes(institution, Buffer.from('to delete'), 'text/plain');
    expectStatus(await writer.delete(`/mdocs/blobs/${blobId}`), 403);
    expectStatus(await institution.delete(`/mdocs/blobs/${blobId}`), 200);
    expectStatus(await institution.delete(`/mdocs/blobs/${blobId}`), 200);
    expectStatus(await institution.post('/mdocs/documents', { body: { blobId, documents: [{ principal: ION, name: 'x' }] } }), 404);
    expectStatus(await institution.delete('/mdocs/blobs/00000000-0000-4000-8000-000000000000'), 404);
    const open = expectStatus(await sendPart(institution, null, randomBytes(PART), 0, 2 * PART), 201).json().id;
    expectStatus(await institution.post('/mdocs/documents', { body: { blobId: open, documents: [{ principal: ION, name: 'x' }] } }), 400);
    expectStatus(await institution.delete(`/mdocs/blobs/${open}`), 200);
    expect(staged(open)).to.deep.equal([]);
  });

  describe('downloads with Range', () => {
    const bytes = randomBytes(10_000);
    let documentId: string;
    before(async () => {
      const blobId = await uploadBytes(institution, bytes, 'application/pdf');
      documentId = (await createDocuments(institution, blobId, [{ principal: ION, name: 'doc.pdf' }]))[0].id;
    });
    const download = (range?: string) => institution.get(`/mdocs/documents/${documentId}/blob`, { query: { principal: ION }, headers: range ? { range } : {} });

    it('answers a byte range with 206 and Content-Range, a suffix and an open range too', async () => {
      const part = expectStatus(await download('bytes=100-199'), 206);
      expect(part.body.equals(bytes.subarray(100, 200))).to.equal(true);
      expect(part.headers['content-range']).to.equal('bytes 100-199/10000');
      expect((await download('bytes=-10')).body.equals(bytes.subarray(9990))).to.equal(true);
      expect((await download('bytes=9000-')).body.equals(bytes.subarray(9000))).to.equal(true);
      expect((await download('bytes=9990-20000')).headers['content-range']).to.equal('bytes 9990-9999/10000');
    });

    it('answers 416 with Content-Range */size for a range past the end, and the whole for ranges it does not serve', async () => {
      const refused = expectStatus(await download('bytes=10000-'), 416);
      expect(refused.headers['content-range']).to.equal('bytes */10000');
      for (const ignored of ['bytes=0-1,5-6', 'items=0-1', 'bytes=5-1', 'garbage']) expect(expectStatus(await download(ignored), 200).body.length, ignored).to.equal(10_000);
    });
  });
});
