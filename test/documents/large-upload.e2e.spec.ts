import { createHash, randomBytes } from 'node:crypto';
import { request as httpsRequest } from 'node:https';
import { expect } from 'chai';
import type { TestPlatform } from '../support/test-platform';
import type { HttpsClient } from '../support/https-client';
import { createDocuments, expectStatus, ION, MIB, PART, sendPart, startDocuments } from './documents-test-kit';

/** Downloads a document's content as a stream, hashing it: the test holds no 100 MB buffer either. */
function hashDownload(client: HttpsClient, path: string): Promise<{ status: number; sha256: string; size: number }> {
  return new Promise((resolve, reject) => {
    const request = httpsRequest(new URL(client.baseUrl + path), { ...client.credentials, agent: false }, (response) => {
      const hash = createHash('sha256');
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        hash.update(chunk);
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, sha256: hash.digest('hex'), size }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

describe('Document store: a 100 MB file round trip (e2e over mTLS)', function () {
  this.timeout(300_000);
  let platform: TestPlatform;
  let institution: HttpsClient;

  before(async () => {
    ({ platform, institution } = await startDocuments());
  });
  after(() => platform.stop());

  it('uploads 100 MB in 5 MiB parts and downloads it byte for byte, the server streaming both ways', async () => {
    const total = 100 * 1000 * 1000;
    // the file is made of one random MiB repeated with the part's offset written in, so that the test holds little
    const seed = randomBytes(MIB);
    const bytesAt = (start: number, length: number) => {
      const part = Buffer.alloc(length);
      for (let at = 0; at < length; at += seed.length) seed.copy(part, at, 0, Math.min(seed.length, length - at));
      part.writeUInt32BE((start / PART) >>> 0, 0);
      return part;
    };
    const whole = createHash('sha256');
    let blobId: string | null = null;
    for (let start = 0; start < total; start += PART) {
      const part = bytesAt(start, Math.min(PART, total - start));
      whole.update(part);
      const response = await sendPart(institution, blobId, part, start, total);
      expectStatus(response, blobId === null ? 201 : 200, `part at ${start}`);
      blobId ??= response.json().id;
    }
    const expected = whole.digest('hex');
    const blob = expectStatus(await institution.get(`/mdocs/blobs/${blobId}`), 200).json();
    expect(blob).to.include({ status: 'uploaded', totalSize: total, sha256: expected });
    const [created] = await createDocuments(institution, blobId, [{ principal: ION, name: 'mare.bin' }]);
    const download = await hashDownload(institution, `/mdocs/documents/${created.id}/blob?principal=${encodeURIComponent(ION)}`);
    expect(download).to.deep.equal({ status: 200, sha256: expected, size: total });
  });
});
