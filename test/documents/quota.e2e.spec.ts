import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import type { HttpsClient } from '../support/https-client';
import type { TestPlatform } from '../support/test-platform';
import { ANDREI, createDocuments, expectShape, expectStatus, MARIA, PART, startDocuments, uploadBytes } from './documents-test-kit';

describe('Document store: quota (e2e over mTLS)', function () {
  this.timeout(120_000);
  let platform: TestPlatform;
  let institution: HttpsClient;
  let writer: HttpsClient;

  before(async () => {
    ({ platform, institution, writer } = await startDocuments({ settings: { defaultQuotaBytes: 1_000_000 } }));
  });
  after(() => platform.stop());

  const quota = async (principal: string) => expectShape(expectStatus(await institution.get('/mdocs/quota', { query: { principal } }), 200), 'quota');
  const setMaximum = (principal: string, storageMaximum: number) => institution.post('/api/v1/principal-quotas', { body: { principal, storageMaximum } });

  it('counts a principal\'s stored content once per blob, whatever the number of documents, copies and versions naming it', async () => {
    expect(await quota(ANDREI)).to.deep.equal({ storageMaximum: 1_000_000, storageUsage: 0 });
    const blobId = await uploadBytes(institution, randomBytes(1000));
    const [first] = await createDocuments(institution, blobId, [{ principal: ANDREI, name: 'a' }, { principal: ANDREI, name: 'b' }]);
    expect((await quota(ANDREI)).storageUsage).to.equal(1000);
    expectStatus(await institution.post(`/mdocs/documents/${first.id}/copy`, { query: { principal: ANDREI } }), 201);
    expect((await quota(ANDREI)).storageUsage).to.equal(1000);
    const other = await uploadBytes(institution, randomBytes(500));
    expectStatus(await institution.post(`/mdocs/documents/${first.id}/versions`, { query: { principal: ANDREI }, body: { blobId: other } }), 201);
    expect((await quota(ANDREI)).storageUsage, 'Unknown keeps no versions: the new content replaces the old in this document only').to.equal(1500);
    expectStatus(await institution.delete(`/mdocs/documents/${first.id}`, { query: { principal: ANDREI } }), 200);
    expect((await quota(ANDREI)).storageUsage, 'the recycle bin still counts').to.equal(1500);
    expectStatus(await institution.delete('/mdocs/recycled-documents', { query: { principal: ANDREI } }), 200);
    expect((await quota(ANDREI)).storageUsage, 'the other two still name the first content').to.equal(1000);
  });

  it('answers 507 with a problem when a create would pass the quota, and writes nothing', async () => {
    expect(expectShape(expectStatus(await setMaximum(MARIA, 2000), 200), 'principal-quota')).to.deep.include({ principal: MARIA, storageMaximum: 2000 });
    const fits = await uploadBytes(institution, randomBytes(1500));
    await createDocuments(institution, fits, [{ principal: MARIA, name: 'fits' }]);
    const tooMuch = await uploadBytes(institution, randomBytes(600));
    const refused = expectStatus(await institution.post('/mdocs/documents', { body: { blobId: tooMuch, documents: [{ principal: MARIA, name: 'too much' }] } }), 507);
    expect(refused.json()).to.include({ status: 507, title: 'Insufficient Storage' });
    expect(refused.json().errors.quota[0]).to.match(/storageMaximum 2000, storageUsage 1500, needed 600/);
    expect((await institution.get('/mdocs/documents', { query: { principal: MARIA } })).json().map((item: { name: string }) => item.name)).to.deep.equal(['fits']);
    expect(await quota(MARIA)).to.deep.equal({ storageMaximum: 2000, storageUsage: 1500 });
  });

  it('answers 507 when an upload would pass the quota of the principal it is made for', async () => {
    await setMaximum(ANDREI, 5000);
    expectStatus(await institution.post('/mdocs/blobs', { query: { principal: ANDREI }, body: randomBytes(4001), headers: { 'content-type': 'application/octet-stream' } }), 507);
    expectStatus(await institution.post('/mdocs/blobs', { query: { principal: ANDREI }, body: randomBytes(3000), headers: { 'content-type': 'application/octet-stream' } }), 201);
    const first = await institution.post('/mdocs/blobs', { query: { principal: ANDREI }, body: randomBytes(PART), headers: { 'content-type': 'application/octet-stream', 'content-range': `bytes 0-${PART - 1}/${2 * PART}` } });
    expectStatus(first, 507);
  });

  it('answers GET /mdocs/quota with 507 once the usage passes a lowered maximum; setting a quota needs its right (403) and a URN (400)', async () => {
    await setMaximum(MARIA, 100);
    expectStatus(await institution.get('/mdocs/quota', { query: { principal: MARIA } }), 507);
    expectStatus(await writer.post('/api/v1/principal-quotas', { body: { principal: MARIA, storageMaximum: 1 } }), 403);
    expectStatus(await setMaximum('maria', 1), 400);
    expectStatus(await setMaximum(MARIA, -1), 400);
    expectStatus(await writer.get('/mdocs/quota', { query: { principal: MARIA } }), 403, 'impersonation without the right');
    expectStatus(await institution.get('/mdocs/quota', { query: { principal: 'urn:md:idnp:1' } }), 400);
  });
});
