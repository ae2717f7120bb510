import { expect } from 'chai';
import { demoId } from '../../src/documents/demo/demo-data';
import { expectEventsFollowContracts, expectStatus, ION, MARIA, startDocuments } from './documents-test-kit';

describe('Document store: demo data (e2e)', function () {
  this.timeout(120_000);

  it('holds principals with folders, documents, versions and shares, and DEMO-CERTIFICATE; loading it again adds nothing', async () => {
    const { platform, institution } = await startDocuments({ seed: true });
    try {
      const type = expectStatus(await institution.get('/api/v1/document-types/DEMO-CERTIFICATE'), 200).json();
      expect(type).to.include({ versioningEnabled: true, official: true, expiresAfterDays: 90 });
      expect(type.schema).to.be.an('object');
      expect(Object.keys(type.templates)).to.deep.equal(['ro', 'en', 'ru']);
      const root = expectStatus(await institution.get('/mdocs/documents', { query: { principal: ION } }), 200).json();
      expect(root.map((item: { name: string }) => item.name)).to.deep.equal(['Certificate', 'notite.txt']);
      const [certificate] = (await institution.get('/mdocs/documents', { query: { principal: ION, folderId: root[0].id } })).json();
      expect(certificate).to.include({ type: 'DEMO-CERTIFICATE', number: 'CJ-000101' });
      expect(certificate.indicativeFlags & 1).to.equal(1);
      expect((await institution.get(`/mdocs/documents/${certificate.id}/versions`, { query: { principal: ION } })).json()).to.have.length(2);
      expect((await institution.get('/mdocs/shares/for-me', { query: { principal: MARIA } })).json().map((item: { documentId: string }) => item.documentId)).to.deep.equal([certificate.id]);
      expect((await institution.get('/mdocs/shares/for-me', { query: { principal: ION } })).json()[0]).to.include({ name: 'contract-12-2026.txt', permission: 'Write' });
      const pdf = expectStatus(await institution.get(`/mdocs/documents/${certificate.id}/blob`, { query: { principal: ION, format: 'Pdf' } }), 200);
      expect(pdf.body.subarray(0, 5).toString()).to.equal('%PDF-');
      const events = await expectEventsFollowContracts(platform);
      await platform.restart();
      await platform.platform.services.find((service) => service.name === 'documents')!.seedDevelopmentData!(platform.platform.serviceDeps);
      expect(await expectEventsFollowContracts(platform)).to.equal(events);
      expect(demoId('x')).to.equal(demoId('x')).and.match(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/);
    } finally {
      await platform.stop();
    }
  });
});
