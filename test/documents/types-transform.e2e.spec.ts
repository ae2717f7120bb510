import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { PDFParse } from 'pdf-parse';
import type { HttpsClient } from '../support/https-client';
import type { TestPlatform } from '../support/test-platform';
import { createDocuments, expectEventsFollowContracts, expectShape, expectStatus, ION, startDocuments } from './documents-test-kit';

async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

const CERTIFICATE = JSON.parse(readFileSync(new URL('../../src/documents/demo/demo-certificate-type.json', import.meta.url), 'utf8'));
const content = { idnp: '2000000000011', fullName: 'Ion Popescu <b>', birthDate: '1985-04-12', certificateNumber: 'CJ-9', issuedOn: '2026-03-02', records: [{ court: 'Judecătoria Chișinău', sentence: 'amendă', year: 2019 }] };

describe('Document store: document types, schemas and transform (e2e over mTLS)', function () {
  this.timeout(120_000);
  let platform: TestPlatform;
  let institution: HttpsClient;
  let writer: HttpsClient;

  before(async () => {
    ({ platform, institution, writer } = await startDocuments());
    expectStatus(await institution.post('/api/v1/document-types', { body: { ...CERTIFICATE, code: 'CERT' } }), 201);
  });
  after(async () => {
    await expectEventsFollowContracts(platform);
    await platform.stop();
  });

  const transform = (query: Record<string, string>, body: unknown) => institution.post('/mdocs/transform', { query: { documentTypeCode: 'CERT', ...query }, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

  describe('administration (/api/v1/document-types) and GET /mdocs/document-types/{code}', () => {
    it('defines a type (201 + Location), reads it in both shapes, lists the built-in and defined ones, changes it whole', async () => {
      const created = expectStatus(await institution.post('/api/v1/document-types', { body: { code: 'PERMIT', titles: { ro: 'Autorizație' }, versioningEnabled: true, expiresAfterDays: 30 } }), 201);
      expect(created.headers.location).to.equal('/api/v1/document-types/PERMIT');
      expect(expectShape(expectStatus(await institution.get('/mdocs/document-types/PERMIT'), 200), 'document-type')).to.deep.equal({
        code: 'PERMIT', title_Romanian: 'Autorizație', title_English: null, title_Russian: null, versioningEnabled: true, icon: null,
      });
      expect(expectStatus(await institution.get('/mdocs/document-types/Unknown'), 200).json()).to.include({ code: 'Unknown', versioningEnabled: false });
      expect((await institution.get('/mdocs/document-types/folder')).json()).to.include({ code: 'Folder' });
      const page = expectShape(expectStatus(await institution.get('/api/v1/document-types', { query: { limit: 2 } }), 200), 'document-types-page');
      expect(page.items.map((type: { code: string }) => type.code)).to.deep.equal(['CERT', 'Folder']);
      const next = (await institution.get('/api/v1/document-types', { query: { limit: 2, cursor: page.nextCursor } })).json();
      expect(next.items.map((type: { code: string }) => type.code)).to.deep.equal(['PERMIT', 'Unknown']);
      expectStatus(await institution.put('/api/v1/document-types/PERMIT', { body: { code: 'PERMIT', titles: { ro: 'Autorizație', en: 'Permit' }, official: true } }), 200);
      expect(expectShape(await institution.get('/api/v1/document-types/PERMIT'), 'document-type-definition')).to.include({ official: true, versioningEnabled: false, expiresAfterDays: null });
    });

    it('refuses a code defined already (409), a built-in (400), a schema that is none (400), no right (403), an unknown code (404)', async () => {
      expectStatus(await institution.post('/api/v1/document-types', { body: { code: 'CERT', titles: { ro: 'x' } } }), 409);
      expectStatus(await institution.post('/api/v1/document-types', { body: { code: 'Unknown', titles: { ro: 'x' } } }), 400);
      expectStatus(await institution.post('/api/v1/document-types', { body: { code: 'BAD', titles: { ro: 'x' }, schema: { type: 'no-such-type' } } }), 400);
      expectStatus(await institution.post('/api/v1/document-types', { body: { code: 'BAD', titles: { ro: 'x' }, templates: { ro: { title: 't', fields: [{ label: 'l', pointer: 'no-slash' }] } } } }), 400);
      expectStatus(await writer.post('/api/v1/document-types', { body: { code: 'W', titles: { ro: 'x' } } }), 403);
      expectStatus(await institution.get('/mdocs/document-types/NOPE'), 404);
      expectStatus(await institution.put('/api/v1/document-types/NOPE', { body: { code: 'NOPE', titles: { ro: 'x' } } }), 404);
      expectStatus(await institution.put('/api/v1/document-types/CERT', { body: { code: 'OTHER', titles: { ro: 'x' } } }), 400);
    });
  });

  describe('content of a type with a schema', () => {
    it('accepts content that satisfies the schema and refuses content that does not (400 naming the pointers)', async () => {
      expectStatus(await institution.post('/mdocs/blobs', { query: { documentTypeCode: 'CERT' }, body: JSON.stringify(content), headers: { 'content-type': 'application/json' } }), 201);
      const refused = expectStatus(await institution.post('/mdocs/blobs', { query: { documentTypeCode: 'CERT' }, body: JSON.stringify({ idnp: '123' }), headers: { 'content-type': 'application/json' } }), 400);
      expect(Object.keys(refused.json().errors)).to.include.members(['content/idnp', 'content/fullName']);
      expectStatus(await institution.post('/mdocs/blobs', { query: { documentTypeCode: 'CERT' }, body: 'not json', headers: { 'content-type': 'text/plain' } }), 400);
    });

    it('takes the type\'s expiry when none is given, keeps versions of a versioned type and serves each', async () => {
      const first = expectStatus(await institution.post('/mdocs/blobs', { query: { documentTypeCode: 'CERT' }, body: JSON.stringify(content), headers: { 'content-type': 'application/json' } }), 201).json().id;
      const [created] = await createDocuments(institution, first, [{ principal: ION, name: 'Cazier', createdOn: '2026-01-01T00:00:00Z' }]);
      expect(created.expiresOn, '90 days, the type\'s default').to.equal('2026-04-01T00:00:00.000Z');
      const second = expectStatus(await institution.post('/mdocs/blobs', { query: { documentTypeCode: 'CERT' }, body: JSON.stringify({ ...content, certificateNumber: 'CJ-10' }), headers: { 'content-type': 'application/json' } }), 201).json().id;
      expect(expectShape(expectStatus(await institution.post(`/mdocs/documents/${created.id}/versions`, { query: { principal: ION }, body: { blobId: second } }), 201), 'version')).to.include({ version: 2 });
      const versions = expectShape(expectStatus(await institution.get(`/mdocs/documents/${created.id}/versions`, { query: { principal: ION } }), 200), 'versions-list');
      expect(versions.map((version: { version: number }) => version.version)).to.deep.equal([2, 1]);
      expect((await institution.get(`/mdocs/documents/${created.id}/versions/1/blob`, { query: { principal: ION } })).json().certificateNumber).to.equal('CJ-9');
      expect((await institution.get(`/mdocs/documents/${created.id}/blob`, { query: { principal: ION } })).json().certificateNumber).to.equal('CJ-10');
      expectStatus(await institution.get(`/mdocs/documents/${created.id}/versions/7/blob`, { query: { principal: ION } }), 404);
      expectStatus(await institution.delete(`/mdocs/documents/${created.id}/versions/2`, { query: { principal: ION } }), 400);
      expectStatus(await institution.delete(`/mdocs/documents/${created.id}/versions/1`, { query: { principal: ION, includingPrevious: 'true' } }), 200);
      expect((await institution.get(`/mdocs/documents/${created.id}/versions`, { query: { principal: ION } })).json()).to.have.length(1);
      const unknown = expectStatus(await institution.post('/mdocs/blobs', { body: '{}', headers: { 'content-type': 'application/json' } }), 201).json().id;
      expectStatus(await institution.post(`/mdocs/documents/${created.id}/versions`, { query: { principal: ION }, body: { blobId: unknown } }), 400, 'another type');
    });
  });

  describe('POST /mdocs/transform and downloads with format', () => {
    it('renders a real PDF in each language, from the type\'s template', async () => {
      for (const [language, words] of [['Ro', ['Certificat de cazier judiciar', 'Nume, prenume', 'Judecătoria Chișinău']], ['En', ['Criminal record certificate', 'Full name']], ['Ru', ['Справка о судимости', 'Фамилия, имя']]] as const) {
        const pdf = expectStatus(await transform({ format: 'Pdf', language }, content), 200);
        expect(pdf.headers['content-type']).to.equal('application/pdf');
        expect(pdf.body.subarray(0, 5).toString()).to.equal('%PDF-');
        const text = await pdfText(pdf.body);
        for (const word of [...words, 'Ion Popescu <b>', 'CJ-9']) expect(text, `${language}: ${word}`).to.include(word);
      }
    });

    it('renders an HTML page with every value escaped and no script, Romanian by default', async () => {
      const html = expectStatus(await transform({ format: 'html' }, { ...content, purpose: '<script>alert(1)</script>' }), 200);
      expect(html.headers['content-type']).to.equal('text/html; charset=utf-8');
      expect(html.headers['content-security-policy']).to.include("default-src 'none'");
      expect(html.text).to.include('<html lang="ro">').and.include('Ion Popescu &lt;b&gt;').and.include('&lt;script&gt;alert(1)&lt;/script&gt;').and.include('<td>amendă</td>');
      expect(html.text).to.not.include('<script>');
    });

    it('refuses content against the schema, an unknown type, a type without templates, a format it lacks (400)', async () => {
      expectStatus(await transform({ format: 'Pdf' }, { idnp: 'x' }), 400);
      expectStatus(await institution.post('/mdocs/transform', { query: { documentTypeCode: 'NOPE', format: 'Pdf' }, body: '{}' }), 400);
      expectStatus(await institution.post('/mdocs/transform', { query: { documentTypeCode: 'Unknown', format: 'Pdf' }, body: '{}' }), 400);
      expectStatus(await transform({ format: 'Docx' }, content), 400);
      expectStatus(await transform({ format: 'Pdf', language: 'De' }, content), 400);
      expectStatus(await institution.post('/mdocs/transform', { query: { documentTypeCode: 'CERT' }, body: '{}' }), 400);
    });

    it('renders a stored document with format and language', async () => {
      const blobId = expectStatus(await institution.post('/mdocs/blobs', { query: { documentTypeCode: 'CERT' }, body: JSON.stringify(content), headers: { 'content-type': 'application/json' } }), 201).json().id;
      const [created] = await createDocuments(institution, blobId, [{ principal: ION, name: 'Cazier 2' }]);
      const pdf = expectStatus(await institution.get(`/mdocs/documents/${created.id}/blob`, { query: { principal: ION, format: 'Pdf', language: 'En' } }), 200);
      expect(await pdfText(pdf.body)).to.include('Criminal record certificate');
      const html = expectStatus(await institution.get(`/mdocs/documents/${created.id}/blob`, { query: { principal: ION, format: 'Html', language: 'Ru' } }), 200);
      expect(html.text).to.include('Справка о судимости');
    });
  });
});
