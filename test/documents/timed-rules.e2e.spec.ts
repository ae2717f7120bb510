import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { fixedClock } from '../../src/platform/clock';
import { createDocument, createDocuments, expectStatus, ION, PART, sendPart, startDocuments, uploadBytes } from './documents-test-kit';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('Document store: timed rules across restarts (e2e, fixed clock)', function () {
  this.timeout(120_000);
  const clock = fixedClock(new Date('2026-06-01T09:00:00Z'));
  let started: Awaited<ReturnType<typeof startDocuments>>;

  before(async () => {
    started = await startDocuments({ clock });
  });
  after(() => started.platform.stop());

  const institution = () => started.platform.client('demo-institution');

  it('abandons an upload left open past its expiry, also when the platform restarted in between, and removes its parts', async () => {
    const blobId = expectStatus(await sendPart(institution(), null, randomBytes(PART), 0, 2 * PART), 201).json().id;
    const staging = join(started.platform.dataDir, 'blobs', '.staging', blobId);
    clock.advance(23 * HOUR);
    await started.documents.sweepNow();
    expect(expectStatus(await institution().get(`/mdocs/blobs/${blobId}`), 200).json().status).to.equal('uploading');
    await started.platform.restart();
    clock.advance(2 * HOUR);
    await started.documents.sweepNow();
    expect(expectStatus(await institution().get(`/mdocs/blobs/${blobId}`), 200).json().status).to.equal('abandoned');
    expect(existsSync(staging)).to.equal(false);
    expectStatus(await sendPart(institution(), blobId, randomBytes(PART), PART, 2 * PART), 404);
  });

  it('shows a document with a future createdOn from then on', async () => {
    const id = await createDocument(institution(), ION, 'Mâine', { t: 1 }, { createdOn: new Date(clock.now().getTime() + DAY).toISOString() });
    expectStatus(await institution().get(`/mdocs/documents/${id}`, { query: { principal: ION } }), 404);
    clock.advance(DAY);
    expectStatus(await institution().get(`/mdocs/documents/${id}`, { query: { principal: ION } }), 200);
  });

  it('flags a document expiring within 30 days, and purges one of a type that deletes on expiry once it expired', async () => {
    expectStatus(await institution().post('/api/v1/document-types', { body: { code: 'PASS', titles: { ro: 'Permis de trecere' }, deleteOnExpiry: true } }), 201);
    const blobId = await uploadBytes(institution(), randomBytes(777), 'application/octet-stream', { documentTypeCode: 'PASS' });
    const expiresOn = new Date(clock.now().getTime() + 10 * DAY).toISOString();
    const [pass] = await createDocuments(institution(), blobId, [{ principal: ION, name: 'Permis', expiresOn }]);
    const kept = await createDocument(institution(), ION, 'Rămâne', { k: 1 }, { expiresOn });
    expect(expectStatus(await institution().get(`/mdocs/documents/${pass.id}`, { query: { principal: ION } }), 200).json().indicativeFlags & 4).to.equal(4);
    const usage = (await institution().get('/mdocs/quota', { query: { principal: ION } })).json().storageUsage;
    await started.platform.restart();
    clock.advance(11 * DAY);
    await started.documents.sweepNow();
    expectStatus(await institution().get(`/mdocs/documents/${pass.id}`, { query: { principal: ION } }), 404);
    expectStatus(await institution().get(`/mdocs/documents/${kept}`, { query: { principal: ION } }), 200);
    expect((await institution().get('/mdocs/quota', { query: { principal: ION } })).json().storageUsage).to.equal(usage - 777);
  });
});
