import { expect } from 'chai';
import type { HttpsClient } from '../support/https-client';
import type { TestPlatform } from '../support/test-platform';
import { ANDREI, COMPANY, createDocument, createDocuments, createFolder, expectEventsFollowContracts, expectShape, expectStatus, ION, MARIA, startDocuments, uploadJson } from './documents-test-kit';

describe('Document store: shares and reservations (e2e over mTLS)', function () {
  this.timeout(120_000);
  let platform: TestPlatform;
  let institution: HttpsClient;
  const inAYear = new Date(Date.now() + 365 * 86_400_000).toISOString();
  const inAMonth = new Date(Date.now() + 30 * 86_400_000).toISOString();

  before(async () => {
    ({ platform, institution } = await startDocuments());
  });
  after(async () => {
    await expectEventsFollowContracts(platform);
    await platform.stop();
  });

  const share = (id: string, as: string, body: object) => institution.post(`/mdocs/documents/${id}/shares`, { query: { principal: as }, body });
  const as = (principal: string, path: string, query: Record<string, string> = {}) => institution.get(path, { query: { principal, ...query } });

  it('shares in the seed\'s shape and in the official client\'s (201 [{id}]); the recipient reads, lists it for-me, the sharer by-me', async () => {
    const id = await createDocument(institution, ION, 'Diploma', { d: 1 }, { number: 'D-9' });
    const seed = expectShape(expectStatus(await share(id, ION, { shares: [{ sharedFor: MARIA, permission: 'Read', to: inAYear }] }), 201), 'identified-list');
    expect(seed).to.have.length(1);
    const client = expectStatus(await share(id, ION, [{ for: ANDREI, permission: 2, suppressNotifications: true }]), 201).json();
    expect(client[0].id).to.be.a('string');
    expectStatus(await as(MARIA, `/mdocs/documents/${id}`), 200);
    expect((await as(MARIA, `/mdocs/documents/${id}/blob`)).text).to.equal('{"d":1}');
    expectStatus(await institution.patch(`/mdocs/documents/${id}`, { query: { principal: MARIA }, body: { name: 'no' } }), 403);
    expectStatus(await institution.patch(`/mdocs/documents/${id}`, { query: { principal: ANDREI }, body: { name: 'Diploma (Andrei)' } }), 200);
    const forMaria = expectShape(expectStatus(await as(MARIA, '/mdocs/shares/for-me'), 200), 'shares-for-me');
    expect(forMaria).to.have.length(1);
    expect(forMaria[0]).to.include({ id: seed[0].id, documentId: id, name: 'Diploma (Andrei)', permission: 'Read', sharedBy: ION, sharedByName: 'ION POPESCU', to: inAYear });
    const byIon = expectShape(expectStatus(await as(ION, '/mdocs/shares/by-me'), 200), 'shares-by-me');
    expect(byIon.find((item: { id: string }) => item.id === id).shares.map((made: { sharedFor: string }) => made.sharedFor)).to.have.members([MARIA, ANDREI]);
    const documentShares = expectShape(expectStatus(await as(ION, `/mdocs/documents/${id}/shares`), 200), 'document-shares');
    expect(documentShares).to.include({ id, name: 'Diploma (Andrei)' });
    expect(documentShares.shares.map((made: { sharedFor: string; sharedForName: string }) => [made.sharedFor, made.sharedForName])).to.deep.equal([
      [MARIA, 'MARIA RUSU'],
      [ANDREI, 'ANDREI CEBAN'],
    ]);
    expect(expectStatus(await as(MARIA, `/mdocs/documents/${id}/shares`), 200).json().shares, 'a recipient sees its own share only').to.have.length(1);
  });

  it('shares a document as it is created (the client\'s inline shares); a refused inline share creates nothing', async () => {
    const blobId = await uploadJson(institution, { inline: true });
    const [created] = await createDocuments(institution, blobId, [{ principal: ION, name: 'Cu partajare', shares: [{ for: MARIA, permission: 'Read', suppressNotifications: true }] }]);
    expectStatus(await as(MARIA, `/mdocs/documents/${created.id}`), 200);
    const before = (await as(ION, '/mdocs/documents', { itemsPerPage: '100' })).json().length;
    const refused = await institution.post('/mdocs/documents', { body: { blobId, documents: [{ principal: ION, name: 'x', shares: [{ sharedFor: ION, permission: 'Read' }] }] } });
    expectStatus(refused, 400);
    expect((await as(ION, '/mdocs/documents', { itemsPerPage: '100' })).json().length).to.equal(before);
  });

  it('refuses a share wider than the sharer\'s own permission, in rights or in time (403)', async () => {
    const id = await createDocument(institution, ION, 'Act');
    expectStatus(await share(id, ION, { shares: [{ sharedFor: MARIA, permission: 'Read', to: inAMonth }] }), 201);
    const wider = expectStatus(await share(id, MARIA, { shares: [{ sharedFor: ANDREI, permission: 'Write', to: inAMonth }] }), 403);
    expect(wider.json().detail).to.match(/never|cannot be wider/);
    expectStatus(await share(id, MARIA, { shares: [{ sharedFor: ANDREI, permission: 'Read' }] }), 403, 'without an end, past the sharer\'s');
    expectStatus(await share(id, MARIA, { shares: [{ sharedFor: ANDREI, permission: 'Read', to: inAYear }] }), 403, 'longer than the sharer\'s');
    expectStatus(await share(id, MARIA, { shares: [{ sharedFor: ANDREI, permission: 'Read', to: inAMonth }] }), 201, 'within');
    expectStatus(await share(id, COMPANY, { shares: [{ sharedFor: ANDREI, permission: 'Read' }] }), 403, 'a principal that holds nothing');
  });

  it('refuses from after to, a to already past, an unknown permission, a bad URN (400), and writes none of a refused batch', async () => {
    const id = await createDocument(institution, ION, 'Lot');
    for (const bad of [
      { sharedFor: MARIA, permission: 'Read', from: inAYear, to: inAMonth },
      { sharedFor: MARIA, permission: 'Read', to: '2020-01-01T00:00:00Z' },
      { sharedFor: MARIA, permission: 'Owner' },
      { sharedFor: 'maria', permission: 'Read' },
      { sharedFor: ION, permission: 'Read' },
    ]) {
      expectStatus(await share(id, ION, { shares: [{ sharedFor: ANDREI, permission: 'Read' }, bad] }), 400, JSON.stringify(bad));
    }
    expect((await as(ION, `/mdocs/documents/${id}/shares`)).json().shares).to.deep.equal([]);
    expectStatus(await share('00000000-0000-4000-8000-000000000000', ION, { shares: [{ sharedFor: MARIA, permission: 'Read' }] }), 404);
  });

  it('gives what is in a shared folder, down the tree; a share with urn:public reaches everyone', async () => {
    const folder = await createFolder(institution, COMPANY, 'Comun');
    const inner = await createFolder(institution, COMPANY, 'Interior', folder);
    const id = await createDocument(institution, COMPANY, 'Raport', { r: 1 }, { folderId: inner });
    expectStatus(await as(MARIA, `/mdocs/documents/${id}`), 403);
    expectStatus(await share(folder, COMPANY, { shares: [{ sharedFor: MARIA, permission: 'Write' }] }), 201);
    expectStatus(await as(MARIA, `/mdocs/documents/${id}`), 200);
    const listed = expectStatus(await as(MARIA, '/mdocs/documents', { folderId: inner }), 200).json();
    expect(listed.map((item: { id: string }) => item.id)).to.deep.equal([id]);
    const made = (await createDocument(institution, MARIA, 'Al Mariei', { m: 1 }, { folderId: inner }));
    expectStatus(await as(COMPANY, `/mdocs/documents/${made}`), 200, 'the folder\'s owner sees what others put in it');
    const open = await createDocument(institution, ION, 'Public');
    expectStatus(await share(open, ION, { shares: [{ sharedFor: 'urn:public', permission: 'Read' }] }), 201);
    expectStatus(await as('urn:md:idnp:2000000000044', `/mdocs/documents/${open}`), 200);
    expectStatus(await institution.get(`/mdocs/documents/${open}`, { query: { principal: 'urn:public' } }), 200);
  });

  it('changes a share (the owner, or its sharer within its grants) and removes it', async () => {
    const id = await createDocument(institution, ION, 'Schimbat');
    const [made] = expectStatus(await share(id, ION, { shares: [{ sharedFor: MARIA, permission: 'Read', to: inAMonth }] }), 201).json();
    const changed = expectShape(expectStatus(await institution.put(`/mdocs/documents/${id}/shares/${made.id}`, { query: { principal: ION }, body: { permission: 'Write', from: null, to: inAYear } }), 200), 'share-terms');
    expect(changed).to.include({ permission: 'Write', to: inAYear });
    expectStatus(await institution.patch(`/mdocs/documents/${id}`, { query: { principal: MARIA }, body: { number: 'S-1' } }), 200);
    expectStatus(await institution.put(`/mdocs/documents/${id}/shares/${made.id}`, { query: { principal: ANDREI }, body: { permission: 'Read' } }), 403);
    expectStatus(await institution.put(`/mdocs/documents/${id}/shares/${made.id}`, { query: { principal: ION }, body: { permission: 'Read', to: '2020-01-01T00:00:00Z' } }), 400);
    expectStatus(await institution.put(`/mdocs/documents/${id}/shares/00000000-0000-4000-8000-000000000000`, { query: { principal: ION }, body: { permission: 'Read' } }), 404);
    expectStatus(await institution.delete(`/mdocs/documents/${id}/shares/${made.id}`, { query: { principal: ION } }), 200);
    expectStatus(await as(MARIA, `/mdocs/documents/${id}`), 403);
    expectStatus(await institution.delete(`/mdocs/documents/${id}/shares/${made.id}`, { query: { principal: ION } }), 404);
  });

  it('reserves a share (201 {id, accessCode, fullLink}); sharing with reservedId makes the share under that id, once', async () => {
    const reservation = expectShape(expectStatus(await institution.post('/mdocs/shares/reservations'), 201), 'reservation');
    expect(reservation.accessCode).to.match(/^\d{8}$/);
    expect(reservation.fullLink).to.match(new RegExp(`/mdocs/view/${reservation.id}$`));
    expect(reservation.fullLink, 'the access code stays out of the link').to.not.include(reservation.accessCode);
    const noCode = expectStatus(await institution.post('/mdocs/shares/reservations', { query: { generateAccessCode: 'false' } }), 201).json();
    expect(noCode.accessCode).to.equal(null);
    const id = await createDocument(institution, ION, 'Rezervat');
    const made = expectStatus(await share(id, ION, [{ for: MARIA, permission: 'Read', reservedId: reservation.id }]), 201).json();
    expect(made).to.deep.equal([{ id: reservation.id }]);
    const other = await createDocument(institution, ION, 'Altul');
    expectStatus(await share(other, ION, [{ for: MARIA, permission: 'Read', reservedId: reservation.id }]), 400);
    expectStatus(await share(other, ION, [{ for: MARIA, permission: 'Read', reservedId: '00000000-0000-4000-8000-000000000000' }]), 404);
    const view = (path: string, code?: string) => platform.client('docs-writer').get(path, { headers: code ? { 'x-access-code': code } : {} });
    expect(expectShape(expectStatus(await view(`/mdocs/view/${reservation.id}`, reservation.accessCode), 200), 'document')).to.include({ id, name: 'Rezervat' });
    expect((await view(`/mdocs/view/${reservation.id}/blob`, reservation.accessCode)).text).to.equal('{"text":"Rezervat"}');
    expectStatus(await view(`/mdocs/view/${reservation.id}`), 403);
    expectStatus(await view(`/mdocs/view/${reservation.id}`, reservation.accessCode === '00000000' ? '00000001' : '00000000'), 403);
    expectStatus(await view(`/mdocs/view/${noCode.id}`), 404, 'a reservation not yet used shows nothing');
    const events = await platform.platform.stores.events.readStream(`documents-share-${reservation.id}`);
    expect(events[0].event.data).to.include({ reservationId: reservation.id });
    expect(JSON.stringify(events), 'the access code itself is never stored').to.not.include(reservation.accessCode);
  });
});
