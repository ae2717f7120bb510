import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { ServerProcess } from '../support/server-process';
import { ANDREI, createDocuments, expectStatus, PART, sendPart } from './documents-test-kit';

describe('Document store: a SIGKILL in the middle of an upload (e2e, separate server process)', function () {
  this.timeout(180_000);
  let dataDir: string;
  let server: ServerProcess;

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'egov-documents-crash-'));
    server = new ServerProcess(dataDir, await ServerProcess.freePort());
    await server.start();
  });
  after(async () => {
    await server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves no half-counted quota, no orphan document and no half-written part; the upload resumes after the restart', async () => {
    const bytes = randomBytes(3 * PART);
    const total = bytes.length;
    let institution = server.client('demo-institution');
    const asAndrei = { principal: ANDREI };
    const quotaBefore = expectStatus(await institution.get('/mdocs/quota', { query: asAndrei }), 200).json();
    const blobId = expectStatus(await sendPart(institution, null, bytes.subarray(0, PART), 0, total), 201).json().id;

    // the second part: half of it sent, then the server is killed while it reads the rest
    const cut = new Promise<void>((resolve) => {
      const request = httpsRequest(
        new URL(`${institution.baseUrl}/mdocs/blobs/${blobId}`),
        { method: 'PUT', headers: { 'content-range': `bytes ${PART}-${2 * PART - 1}/${total}`, 'content-length': String(PART) }, ...institution.credentials, agent: false },
      );
      request.on('error', () => resolve());
      request.on('close', () => resolve());
      request.write(bytes.subarray(PART, PART + PART / 2));
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    await server.kill();
    await cut;
    institution.close();

    await server.start();
    institution = server.client('demo-institution');
    expect(expectStatus(await institution.get('/mdocs/quota', { query: asAndrei }), 200).json()).to.deep.equal(quotaBefore);
    expect(expectStatus(await institution.get('/mdocs/documents', { query: asAndrei }), 200).json()).to.deep.equal([]);
    expect(expectStatus(await institution.get(`/mdocs/blobs/${blobId}`), 200).json()).to.include({ status: 'uploading', received: PART });
    const staging = join(dataDir, 'blobs', '.staging', blobId);
    expect(existsSync(staging) ? readdirSync(staging) : []).to.deep.equal(['data']);

    expectStatus(await sendPart(institution, blobId, bytes.subarray(PART, 2 * PART), PART, total), 200);
    expectStatus(await sendPart(institution, blobId, bytes.subarray(2 * PART), 2 * PART, total), 200);
    const [created] = await createDocuments(institution, blobId, [{ principal: ANDREI, name: 'după.bin', suppressNotifications: true }]);
    const quota = expectStatus(await institution.get('/mdocs/quota', { query: asAndrei }), 200).json();
    expect(quota.storageUsage).to.equal(quotaBefore.storageUsage + total);
    const download = expectStatus(await institution.get(`/mdocs/documents/${created.id}/blob`, { query: asAndrei }), 200);
    expect(createHash('sha256').update(download.body).digest('hex')).to.equal(createHash('sha256').update(bytes).digest('hex'));
    institution.close();
  });
});
