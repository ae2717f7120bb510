import { expect } from 'chai';
import type { HttpsClient } from '../support/https-client';
import type { TestPlatform } from '../support/test-platform';
import {
  COMPANY,
  createDocument,
  createDocuments,
  createFolder,
  expectEventsFollowContracts,
  expectShape,
  expectStatus,
  INSTITUTION,
  ION,
  MARIA,
  startDocuments,
  uploadJson,
} from './documents-test-kit';

describe('Document store: documents and folders (e2e over mTLS)', function () {
  this.timeout(120_000);
  let platform: TestPlatform;
  let institution: HttpsClient;
  let writer: HttpsClient;
  let nobody: HttpsClient;

  before(async () => {
    ({ platform, institution, writer, nobody } = await startDocuments());
  });
  after(async () => {
    expect(await expectEventsFollowContracts(platform)).to.be.above(10);
    await platform.stop();
  });

  const get = (path: string, query: Record<string, string | number> = {}) => institution.get(path, { query: { principal: ION, ...query } });

  describe('POST /mdocs/documents', () => {
    it('creates documents for several owners from one blob and answers 201 with id, name, principal, expiresOn', async () => {
      const blobId = await uploadJson(institution, { text: 'hello' });
      const created = await createDocuments(institution, blobId, [
        { principal: ION, name: 'Adeverință', number: 'A-1', expiresOn: '2030-01-01T00:00:00Z' },
        { principal: 'URN:MD:IDNP:2000000000022', name: 'Adeverință' },
      ]);
      expect(created.map(({ name, principal, expiresOn }) => ({ name, principal, expiresOn }))).to.deep.equal([
        { name: 'Adeverință', principal: ION, expiresOn: '2030-01-01T00:00:00.000Z' },
        { name: 'Adeverință', principal: MARIA, expiresOn: null },
      ]);
      const detail = expectShape(expectStatus(await get(`/mdocs/documents/${created[0].id}`), 200), 'document');
      expect(detail).to.include({ id: created[0].id, name: 'Adeverință', number: 'A-1', folderId: null, folderName: 'Root', type: 'Unknown', type_Name_Ro: 'Necunoscut', size: 16, createdBy: INSTITUTION });
      expect(detail.createdByName).to.be.a('string');
      expect(detail.indicativeFlags & 2, 'published by someone else: New').to.equal(2);
    });

    it('takes a date-time without an offset as UTC (the guide writes them so)', async () => {
      const blobId = await uploadJson(institution, { text: 'local' });
      const [created] = await createDocuments(institution, blobId, [{ principal: ION, name: 'Local', createdOn: '2026-01-05T10:00:00', expiresOn: '2031-01-05T10:00:00' }]);
      expect(created.expiresOn).to.equal('2031-01-05T10:00:00.000Z');
    });

    it('refuses an expiry not later than the creation, a principal that is not a URN, a name too long (400, nothing created)', async () => {
      const blobId = await uploadJson(institution, { text: 'x' });
      const before = (await get('/mdocs/documents')).json().length;
      for (const [item, field] of [
        [{ principal: ION, name: 'a', createdOn: '2026-05-01T00:00:00Z', expiresOn: '2026-05-01T00:00:00Z' }, 'expiresOn'],
        [{ principal: 'idnp:2000000000011', name: 'a' }, 'documents[0].principal'],
        [{ principal: 'urn:md:idnp:123', name: 'a' }, 'documents[0].principal'],
        [{ principal: ION, name: 'x'.repeat(251) }, 'documents[0].name'],
        [{ principal: ION, name: 'a', number: 'n'.repeat(51) }, 'documents[0].number'],
        [{ principal: ION, name: 'a', expiresOn: '2026-02-30T00:00:00Z' }, 'documents[0].expiresOn'],
      ] as const) {
        const response = expectStatus(await institution.post('/mdocs/documents', { body: { blobId, documents: [{ principal: ION, name: 'valid first' }, item] } }), 400, field);
        expect(Object.keys(response.json().errors ?? {}).join(), field).to.include(field.replace('documents[0]', '').replace(/^\./, '') || field);
      }
      expect((await get('/mdocs/documents')).json().length, 'nothing half written').to.equal(before);
    });

    it('refuses publishing for another principal without the impersonate right (403), and a client without rights (403)', async () => {
      const blobId = await uploadJson(writer, { text: 'w' });
      expectStatus(await writer.post('/mdocs/documents', { body: { blobId, documents: [{ principal: ION, name: 'x' }] } }), 403);
      const own = expectStatus(await writer.post('/mdocs/documents', { body: { blobId, documents: [{ principal: 'urn:md:idno:1003600000029', name: 'own' }] } }), 201);
      expect(own.json()[0].principal).to.equal('urn:md:idno:1003600000029');
      expectStatus(await nobody.post('/mdocs/documents', { body: { blobId: null, documents: [{ principal: ION, name: 'x' }] } }), 403);
      expectStatus(await platform.anonymous().get('/mdocs/documents'), 401);
      expectStatus(await platform.stranger('unregistered').get('/mdocs/quota'), 401);
    });

    it('refuses a blob that does not exist (404) or another client\'s (403), and a destination without Write (403)', async () => {
      expectStatus(await institution.post('/mdocs/documents', { body: { blobId: '00000000-0000-4000-8000-000000000000', documents: [{ principal: ION, name: 'x' }] } }), 404);
      const blobId = await uploadJson(writer, { text: 'w' });
      expectStatus(await institution.post('/mdocs/documents', { body: { blobId, documents: [{ principal: ION, name: 'x' }] } }), 403);
      const mariasFolder = await createFolder(institution, MARIA, 'Maria');
      const response = expectStatus(await institution.post('/mdocs/documents', { body: { blobId: null, documents: [{ principal: ION, name: 'x', folderId: mariasFolder }] } }), 403);
      expect(response.json().detail).to.match(/needs Write/);
      expectStatus(await institution.post('/mdocs/documents', { body: { blobId: null, documents: [{ principal: ION, name: 'x', folderId: '00000000-0000-4000-8000-000000000000' }] } }), 404);
    });

    it('hides a document with a future createdOn from its owner (404, not listed); one its owner made for itself, it sees', async () => {
      const future = new Date(Date.now() + 86_400_000).toISOString();
      const id = await createDocument(institution, ION, 'Later', { later: true }, { createdOn: future });
      expectStatus(await get(`/mdocs/documents/${id}`), 404);
      const listed = (await get('/mdocs/documents', { itemsPerPage: 100 })).json().map((item: { id: string }) => item.id);
      expect(listed).to.not.include(id);
      const blobId = await uploadJson(institution, { x: 1 });
      const [own] = await createDocuments(institution, blobId, [{ principal: COMPANY, name: 'Own', createdOn: future, createdBy: COMPANY }]);
      const companyList = (await institution.get('/mdocs/documents', { query: { principal: COMPANY } })).json().map((item: { id: string }) => item.id);
      expect(companyList).to.include(own.id);
    });
  });

  describe('GET /mdocs/documents', () => {
    let folder: string;
    before(async () => {
      folder = await createFolder(institution, ION, 'Lista');
      for (const name of ['beta', 'Alfa', 'gama', 'delta contract']) await createDocument(institution, ION, name, { name }, { folderId: folder });
      await createFolder(institution, ION, 'Sub', folder);
    });

    it('lists a folder, folders first then by name, paged, with X-Pagination', async () => {
      const page = expectStatus(await get('/mdocs/documents', { folderId: folder, itemsPerPage: 2, page: 1 }), 200);
      expectShape(page, 'documents-list');
      expect(page.json().map((item: { name: string }) => item.name)).to.deep.equal(['Sub', 'Alfa']);
      expect(JSON.parse(String(page.headers['x-pagination']))).to.include({ TotalCount: 5, PageSize: 2, CurrentPage: 1 });
      const last = (await get('/mdocs/documents', { folderId: folder, itemsPerPage: 2, page: 3 })).json();
      expect(last.map((item: { name: string }) => item.name)).to.deep.equal(['gama']);
      expect((await get('/mdocs/documents', { folderId: folder, page: 9 })).json()).to.deep.equal([]);
    });

    it('orders by a field, either way, and searches names by keywords', async () => {
      const byName = (await get('/mdocs/documents', { folderId: folder, orderField: '-name' })).json().map((item: { name: string }) => item.name);
      expect(byName).to.deep.equal(['Sub', 'gama', 'delta contract', 'beta', 'Alfa']);
      const found = (await get('/mdocs/documents', { searchBy: 'CONTR del' })).json().map((item: { name: string }) => item.name);
      expect(found).to.deep.equal(['delta contract']);
      const folders = (await get('/mdocs/documents', { type: 'Folder' })).json().map((item: { name: string }) => item.name);
      expect(folders).to.include.members(['Lista', 'Sub']);
      expectStatus(await get('/mdocs/documents', { orderField: 'password' }), 400);
      expectStatus(await get('/mdocs/documents', { itemsPerPage: 101 }), 400);
      expectStatus(await get('/mdocs/documents', { page: 0 }), 400);
    });

    it('answers 404 for a folder that does not exist, 403 for one the principal may not read', async () => {
      expectStatus(await get('/mdocs/documents', { folderId: '00000000-0000-4000-8000-000000000000' }), 404);
      expectStatus(await institution.get('/mdocs/documents', { query: { principal: MARIA, folderId: folder } }), 403);
      expectStatus(await get('/mdocs/documents', { folderId: 'not-a-uuid' }), 400);
    });
  });

  describe('PATCH, DELETE, restore, size, copy', () => {
    it('changes name, number and expiry in the guide\'s shape and the client\'s operations, and moves by folderId', async () => {
      const folder = await createFolder(institution, ION, 'Destinație');
      const id = await createDocument(institution, ION, 'Vechi');
      const flat = expectShape(expectStatus(await institution.patch(`/mdocs/documents/${id}`, { query: { principal: ION }, body: { name: 'Nou', number: 'N-7', expiresOn: '2031-01-01T00:00:00Z' } }), 200), 'document');
      expect(flat).to.include({ name: 'Nou', number: 'N-7', expiresOn: '2031-01-01T00:00:00.000Z', modifiedBy: ION });
      const operations = [
        { op: 'replace', path: 'name', value: 'Mutat' },
        { op: 'remove', path: '/number' },
        { op: 'replace', path: 'folderid', value: folder },
      ];
      const patched = expectStatus(await institution.patch(`/mdocs/documents/${id}`, { query: { principal: ION }, body: operations }), 200).json();
      expect(patched).to.include({ name: 'Mutat', number: null, folderId: folder, folderName: 'Destinație' });
      expectStatus(await institution.patch(`/mdocs/documents/${id}`, { query: { principal: ION }, body: [{ op: 'remove', path: 'name' }] }), 400);
      expectStatus(await institution.patch(`/mdocs/documents/${id}`, { query: { principal: ION }, body: { expiresOn: '2020-01-01T00:00:00Z' } }), 400);
      expectStatus(await institution.patch(`/mdocs/documents/${folder}`, { query: { principal: ION }, body: { folderId: folder } }), 400);
      expectStatus(await institution.patch('/mdocs/documents/00000000-0000-4000-8000-000000000000', { query: { principal: ION }, body: { name: 'x' } }), 404);
      expectStatus(await institution.patch(`/mdocs/documents/${id}`, { query: { principal: MARIA }, body: { name: 'x' } }), 403);
    });

    it('recycles, lists the bin, restores where it was, empties the bin; a non-empty folder needs force', async () => {
      const folder = await createFolder(institution, ION, 'Coș');
      const inside = await createDocument(institution, ION, 'În coș', { a: 1 }, { folderId: folder });
      expectStatus(await institution.delete(`/mdocs/documents/${folder}`, { query: { principal: ION } }), 400);
      expectStatus(await institution.delete(`/mdocs/documents/${inside}`, { query: { principal: ION } }), 200);
      expectStatus(await get(`/mdocs/documents/${inside}`), 404);
      const bin = expectShape(expectStatus(await get('/mdocs/recycled-documents', { recycled: 'True' }), 200), 'recycled-list');
      expect(bin.find((item: { id: string }) => item.id === inside)).to.include({ deletedBy: ION, deletedFrom: 'Coș' });
      expectShape(expectStatus(await institution.post(`/mdocs/recycled-documents/${inside}/restore`, { query: { principal: ION } }), 200), 'identified');
      expect(expectStatus(await get(`/mdocs/documents/${inside}`), 200).json().folderId).to.equal(folder);
      expectStatus(await institution.delete(`/mdocs/documents/${folder}`, { query: { principal: ION, force: 'true' } }), 200);
      expectStatus(await get(`/mdocs/documents/${inside}`), 404, 'under a recycled folder');
      expectShape(expectStatus(await institution.delete('/mdocs/recycled-documents', { query: { principal: ION } }), 200), 'recycle-bin-emptied');
      expect((await get('/mdocs/recycled-documents')).json()).to.deep.equal([]);
      expectStatus(await institution.post(`/mdocs/recycled-documents/${folder}/restore`, { query: { principal: ION } }), 404);
    });

    it('deletes for good with permanent=true, only for the owner', async () => {
      const id = await createDocument(institution, ION, 'Definitiv');
      expectShape(expectStatus(await institution.delete(`/mdocs/documents/${id}`, { query: { principal: ION, permanent: 'true' } }), 200), 'identified');
      expectStatus(await get(`/mdocs/documents/${id}`), 404);
      expect((await get('/mdocs/recycled-documents')).json().map((item: { id: string }) => item.id)).to.not.include(id);
      expectStatus(await institution.delete(`/mdocs/documents/${id}`, { query: { principal: ION } }), 404);
    });

    it('tells a document\'s size and a folder\'s (what it holds), and copies a document', async () => {
      const folder = await createFolder(institution, ION, 'Mărime');
      const first = await createDocument(institution, ION, 'unu', { n: 1 }, { folderId: folder });
      await createDocument(institution, ION, 'doi', { n: 22 }, { folderId: folder });
      expect(expectShape(expectStatus(await get(`/mdocs/documents/${first}/size`), 200), 'document-size')).to.deep.equal({ size: 7 });
      expect((await get(`/mdocs/documents/${folder}/size`)).json()).to.deep.equal({ size: 15 });
      const copy = expectShape(expectStatus(await institution.post(`/mdocs/documents/${first}/copy`, { query: { principal: ION, folderId: folder } }), 201), 'created-item');
      expect(copy).to.include({ name: 'unu', principal: ION });
      expect((await get(`/mdocs/documents/${copy.id}/blob`)).text).to.equal('{"n":1}');
      expectStatus(await institution.post(`/mdocs/documents/${folder}/copy`, { query: { principal: ION } }), 400);
      expectStatus(await institution.post(`/mdocs/documents/${first}/copy`, { query: { principal: MARIA } }), 403);
    });
  });
});
