import { expect } from 'chai';
import type { HttpsClient } from '../support/https-client';
import type { TestPlatform } from '../support/test-platform';
import { ANDREI, COMPANY, createDocument, expectShape, expectStatus, ION, startDocuments } from './documents-test-kit';

describe('Document store: personal data and principal names (e2e over mTLS)', function () {
  this.timeout(120_000);
  let platform: TestPlatform;
  let institution: HttpsClient;

  before(async () => {
    ({ platform, institution } = await startDocuments());
  });
  after(() => platform.stop());

  const accessesOf = async (idnp: string) =>
    (expectStatus(await institution.post('/api/v1/personal-data-accesses/searches', { body: { subject: idnp, legalBasis: 'data subject request' } }), 200).json().items as Record<string, unknown>[]).filter(
      // the searches themselves are logged too (EventLog.PersonalData.Search)
      (access) => access.event_type === 'MDocs.PersonalData.Access',
    );

  it('logs an institution\'s reading of a citizen\'s documents as MDocs.PersonalData.Access, found by the citizen\'s IDNP', async () => {
    const id = await createDocument(institution, ION, 'Cazier');
    expect(await accessesOf('2000000000011')).to.deep.equal([]);
    expectStatus(await institution.get(`/mdocs/documents/${id}`, { query: { principal: ION } }), 200);
    expectStatus(await institution.get(`/mdocs/documents/${id}/blob`, { query: { principal: ION } }), 200);
    expectStatus(await institution.get('/mdocs/documents', { query: { principal: ION } }), 200);
    const accesses = await accessesOf('2000000000011');
    expect(accesses).to.have.length(3);
    expect(accesses[0]).to.include({ event_type: 'MDocs.PersonalData.Access', legal_entity: '1003600000003', subject: '2000000000011', subject_type: 'Person', object: id });
    expect(accesses.map((access) => access.legal_reason)).to.have.members(['read a document', 'download a document', 'list documents']);
  });

  it('logs no access for a refused download: a range the content does not have, a rendition of content that is not JSON, a version not there', async () => {
    // found by a black-box probe: each of these refusals registered an MDocs.PersonalData.Access before it was refused
    const blobId = expectStatus(await institution.post('/mdocs/blobs', { body: Buffer.from('notite de mana'), headers: { 'content-type': 'text/plain' } }), 201).json().id;
    const id = (expectStatus(await institution.post('/mdocs/documents', { body: { blobId, documents: [{ principal: ANDREI, name: 'notite.txt' }] } }), 201).json() as { id: string }[])[0].id;
    const reservation = expectStatus(await institution.post('/mdocs/shares/reservations'), 201).json();
    expectStatus(await institution.post(`/mdocs/documents/${id}/shares`, { query: { principal: ANDREI }, body: [{ for: 'urn:public', permission: 'Read', reservedId: reservation.id }] }), 201);
    const code = { 'x-access-code': reservation.accessCode };
    const refused = [
      [416, await institution.get(`/mdocs/documents/${id}/blob`, { query: { principal: ANDREI }, headers: { range: 'bytes=14-' } })],
      [416, await institution.get(`/mdocs/documents/${id}/blob`, { query: { principal: ANDREI }, headers: { range: 'bytes=-0' } })],
      [400, await institution.get(`/mdocs/documents/${id}/blob`, { query: { principal: ANDREI, format: 'Pdf' } })],
      [404, await institution.get(`/mdocs/documents/${id}/versions/9/blob`, { query: { principal: ANDREI } })],
      [416, await institution.get(`/mdocs/documents/${id}/versions/1/blob`, { query: { principal: ANDREI }, headers: { range: 'bytes=99-' } })],
      [416, await institution.get(`/mdocs/view/${reservation.id}/blob`, { headers: { ...code, range: 'bytes=14-' } })],
    ] as const;
    for (const [status, response] of refused) expectStatus(response, status);
    expect(await accessesOf('2000000000033'), 'refused downloads log no access').to.deep.equal([]);

    expect(expectStatus(await institution.get(`/mdocs/documents/${id}/blob`, { query: { principal: ANDREI }, headers: { range: 'bytes=0-5' } }), 206).text).to.equal('notite');
    expectStatus(await institution.get(`/mdocs/documents/${id}/versions/1/blob`, { query: { principal: ANDREI } }), 200);
    expectStatus(await institution.get(`/mdocs/view/${reservation.id}/blob`, { headers: code }), 200);
    expectStatus(await institution.get(`/mdocs/view/${reservation.id}`, { headers: code }), 200);
    expect((await accessesOf('2000000000033')).map((access) => access.legal_reason)).to.have.members([
      'download a document',
      'download a document version',
      'view a document by its link',
      'view a document by its link',
    ]);
  });

  it('logs nothing for an organization\'s documents', async () => {
    const id = await createDocument(institution, COMPANY, 'Contract');
    const before = await platform.platform.stores.events.headPosition();
    expectStatus(await institution.get(`/mdocs/documents/${id}`, { query: { principal: COMPANY } }), 200);
    const after = await platform.platform.stores.events.readAll({ after: before, limit: 10 });
    expect(after.map((stored) => stored.event.type)).to.deep.equal([]);
  });

  it('answers a principal\'s name (the seed\'s path), 400 for one that is no URN, 403 without the read right', async () => {
    expect(expectShape(expectStatus(await institution.get(`/mdocs/principals/${encodeURIComponent(ION)}/name`), 200), 'principal-name')).to.deep.equal({ principal: ION, name: 'ION POPESCU' });
    expect((await institution.get('/mdocs/principals/urn:md:idno:1003600000029/name')).json().name).to.equal('Documents writer');
    expect((await institution.get('/mdocs/principals/urn:md:idnp:2999999999999/name')).json().name).to.equal(null);
    const refused = expectStatus(await institution.get('/mdocs/principals/2000000000011/name'), 400);
    expect(refused.json().instance, 'the path, which may hold an IDNP, is named by its template').to.equal('/mdocs/principals/{id}/name');
    expectStatus(await platform.client('docs-nobody').get(`/mdocs/principals/${ION}/name`), 403);
  });
});
