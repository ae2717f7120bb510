import { expect } from 'chai';
import type { HttpsClient } from '../support/https-client';
import type { TestPlatform } from '../support/test-platform';
import { createDocument, expectStatus, ION, startDocuments, uploadJson } from './documents-test-kit';

/**
 * Text that is not Unicode: JSON lets a lone surrogate be written as an escape ("\ud800"). A black-box probe
 * found a document named so accepted and kept in its events, while the exchange, the event log, petitions,
 * delivery and representation refuse it. The document store refuses it in every JSON body it reads as a
 * request (a document's own content is bytes, stored as sent).
 */
describe('Document store: lone surrogates in the text of a request (e2e over mTLS)', function () {
  this.timeout(120_000);
  let platform: TestPlatform;
  let institution: HttpsClient;
  let document: string;

  before(async () => {
    ({ platform, institution } = await startDocuments());
    document = await createDocument(institution, ION, 'Notite');
  });
  after(() => platform.stop());

  it('refuses a lone surrogate in a request body with 400 naming the member, and writes nothing', async () => {
    const blobId = await uploadJson(institution, { text: 'content' });
    const cases: [string, string, string, object, string][] = [
      ['POST', '/mdocs/documents', '', { blobId, documents: [{ principal: ION, name: 'Certificat \ud800 final' }] }, 'documents'],
      ['PATCH', `/mdocs/documents/${document}`, `?principal=${encodeURIComponent(ION)}`, { name: 'Note \udc00' }, 'name'],
      ['POST', `/mdocs/documents/${document}/shares`, `?principal=${encodeURIComponent(ION)}`, { shares: [{ sharedFor: 'urn:md:idnp:2000000000022\ud800', permission: 'Read' }] }, 'shares'],
    ];
    for (const [method, path, query, body, member] of cases) {
      const before = await platform.platform.stores.events.headPosition();
      const response = expectStatus(await institution.request(method, path + query, { body }), 400, `${method} ${path}`);
      expect(JSON.stringify(response.json().errors), `${method} ${path}`).to.include(member);
      expect(await platform.platform.stores.events.readAll({ after: before, limit: 10, filter: { streamPrefix: 'documents-' } }), `${method} ${path} wrote`).to.deep.equal([]);
    }
  });
});
