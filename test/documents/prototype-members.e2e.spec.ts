import { expect } from 'chai';
import type { HttpsClient } from '../support/https-client';
import type { TestPlatform } from '../support/test-platform';
import { createDocument, expectStatus, ION, startDocuments } from './documents-test-kit';

/**
 * Names a caller sends that every JavaScript object answers to (`constructor`, `__proto__`, `toString`):
 * found by a black-box probe, where `?orderField=constructor` was a 500. They are no field, no path.
 */
describe('Document store: names every object has are not taken as fields (e2e over mTLS)', function () {
  this.timeout(120_000);
  let platform: TestPlatform;
  let institution: HttpsClient;
  let document: string;

  before(async () => {
    ({ platform, institution } = await startDocuments());
    document = await createDocument(institution, ION, 'Notite');
  });
  after(() => platform.stop());

  for (const orderField of ['constructor', '-constructor', 'Constructor desc', '__proto__', 'toString', 'hasOwnProperty']) {
    it(`refuses orderField=${orderField} with 400 on every list, never a 5xx`, async () => {
      for (const path of ['/mdocs/documents', '/mdocs/recycled-documents', '/mdocs/shares/for-me', '/mdocs/shares/by-me']) {
        const response = expectStatus(await institution.get(path, { query: { principal: ION, orderField } }), 400, `${path}?orderField=${orderField}`);
        expect(response.json().errors).to.have.property('orderField');
      }
    });
  }

  for (const path of ['constructor', '/__proto__', 'toString', 'hasOwnProperty']) {
    it(`refuses a PATCH operation on path ${path} with 400 and writes nothing`, async () => {
      for (const op of ['replace', 'remove']) {
        const before = await platform.platform.stores.events.headPosition();
        const response = expectStatus(
          await institution.request('PATCH', `/mdocs/documents/${document}`, { query: { principal: ION }, body: [{ op, path, value: 'x' }] }),
          400,
          `${op} ${path}`,
        );
        expect(response.json().errors).to.have.property('[0].path');
        expect(await platform.platform.stores.events.readAll({ after: before, limit: 10, filter: { streamPrefix: 'documents-' } })).to.deep.equal([]);
      }
    });
  }

  it('still orders by the fields it has', async () => {
    const listed = expectStatus(await institution.get('/mdocs/documents', { query: { principal: ION, orderField: '-createdOn' } }), 200).json();
    expect(listed.map((item: { id: string }) => item.id)).to.deep.equal([document]);
  });
});
