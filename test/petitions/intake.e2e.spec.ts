import { expect } from 'chai';
import { PETITION_FILED } from '../../src/petitions/petition/events';
import { expectProblem, expectShape, file, filing, headOf, PDF_BASE64, writtenSince, PERSON, startPetitionsPlatform, TOWN_HALL_IDNO, type PetitionsPlatform } from './petitions-test-kit';

describe('Petitions: the intake, POST and GET /api/v1/petitions (e2e over mTLS)', function () {
  this.timeout(120_000);
  let p: PetitionsPlatform;

  before(async () => {
    p = await startPetitionsPlatform();
  });
  after(() => p.platform.stop());

  it('files a petition: 201, Location, its number and links; the event names the attachments by their blobs', async () => {
    const attachment = { fileName: 'fotografie.png', contentType: 'image/png', content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]).toString('base64') };
    const response = await p.portal.post('/api/v1/petitions', { body: filing({ attachments: [attachment, { fileName: 'plan.pdf', contentType: 'application/pdf', content: PDF_BASE64 }] }) });
    expect(response.status, response.text).to.equal(201);
    const body = response.json();
    expectShape('petition-filing', body);
    expect(body.petitionNumber).to.match(/^P-2026-[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(response.headers.location).to.equal(`/api/v1/petitions/${body.petitionNumber}`);
    expect(body).to.deep.include({ status: 'Submitted', receivedOn: '2026-04-01', registrationDueDate: '2026-04-03', links: { self: `/api/v1/petitions/${body.petitionNumber}`, pdf: `/petitie/authority/petitions/${body.petitionNumber}/pdf` } });
    const [filed] = await p.platform.platform.stores.events.readAll({ after: 0, limit: 1000, filter: { types: [PETITION_FILED] } });
    expect(filed.streamId).to.equal(`petitions-petition-${body.petitionNumber}`);
    expect(filed.event.source).to.equal('urn:md:gov:petitions');
    const data = filed.event.data as { attachments: Record<string, unknown>[] };
    expect(JSON.stringify(filed.event)).to.not.include(attachment.content);
    expect(data.attachments[0]).to.include({ fileName: 'fotografie.png', contentType: 'image/png', size: 11 });
    expect(data.attachments[0].sha256).to.match(/^[0-9a-f]{64}$/);
    const downloaded = await p.institution.get(`/petitie/authority/petitions/${body.petitionNumber}/attachment/${body.attachments[0].attachmentId}`);
    expect(downloaded.json().content).to.equal(attachment.content);
  });

  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const head = await headOf(p.platform);
    const refused = async (body: unknown, field: string) => {
      const problem = expectProblem(await p.portal.post('/api/v1/petitions', { body: body as object }), 400, 'InvalidParameter');
      expect(problem.errors, JSON.stringify(problem)).to.have.property(field);
    };
    await refused(filing({ requestorIdn: '200000000001' }), 'requestorIdn');
    await refused(filing({ authorityIdno: 'x' }), 'authorityIdno');
    await refused(filing({ subject: '' }), 'subject');
    await refused(filing({ text: '   ' }), 'text');
    await refused(filing({ text: 'x'.repeat(20_001) }), 'text');
    await refused(filing({ language: 'de' }), 'language');
    await refused({ ...filing(), unknown: 1 }, 'unknown');
    await refused(filing({ attachments: [{ fileName: 'a.pdf', contentType: 'application/pdf', content: Buffer.from('not a pdf').toString('base64') }] }), 'attachments.0.content');
    await refused(filing({ attachments: [{ fileName: 'a.exe', contentType: 'application/x-msdownload', content: 'AAAA' }] }), 'attachments.0.contentType');
    await refused(filing({ attachments: [{ fileName: '../a.txt', contentType: 'text/plain', content: 'AAAA' }] }), 'attachments.0.fileName');
    await refused(filing({ attachments: Array.from({ length: 11 }, () => ({ fileName: 'a.txt', contentType: 'text/plain', content: 'YQ==' })) }), 'attachments');
    expectProblem(await p.portal.post('/api/v1/petitions', { body: '{"requestorIdn":', headers: { 'content-type': 'application/json' } }), 400, 'InvalidParameter');
    expect(await writtenSince(p.platform, head)).to.deep.equal([]);
  });

  it('413 for a body above 16 MiB, 403 without the intake right', async () => {
    expectProblem(await p.portal.post('/api/v1/petitions', { body: filing({ text: 'x'.repeat(17 * 1024 * 1024) }) }), 413);
    expectProblem(await p.townHall.post('/api/v1/petitions', { body: filing() }), 403, 'AccessDenied');
  });

  it('lists what the client filed, newest first, with a cursor', async () => {
    const client = p.platform.client('demo-institution');
    const numbers: string[] = [];
    for (let i = 0; i < 5; i += 1) numbers.push(await file(client, { subject: `Petiția ${i}` }));
    const first = await client.get('/api/v1/petitions', { query: { limit: 2 } });
    expect(first.status).to.equal(200);
    expectShape('intake-petition-list', first.json());
    expect(first.json().items.map((item: { petitionNumber: string }) => item.petitionNumber)).to.deep.equal([numbers[4], numbers[3]]);
    const second = (await client.get('/api/v1/petitions', { query: { limit: 2, cursor: first.json().nextCursor } })).json();
    expect(second.items.map((item: { petitionNumber: string }) => item.petitionNumber)).to.deep.equal([numbers[2], numbers[1]]);
    const last = (await client.get('/api/v1/petitions', { query: { limit: 2, cursor: second.nextCursor } })).json();
    expect(last.items.map((item: { petitionNumber: string }) => item.petitionNumber)).to.deep.equal([numbers[0]]);
    expect(last.nextCursor).to.equal('');
    for (const query of ['limit=0', 'limit=101', 'cursor=abc', 'cursor=0']) expectProblem(await client.get(`/api/v1/petitions?${query}`), 400, 'InvalidParameter');
  });

  it('GET one petition: its filer and the authorities whose scope covers it; 404 when unknown', async () => {
    const number = await file(p.portal, { authorityIdno: TOWN_HALL_IDNO });
    for (const client of [p.portal, p.townHall, p.institution]) {
      const response = await client.get(`/api/v1/petitions/${number}`);
      expect(response.status).to.equal(200);
      expectShape('petition', response.json());
      expect(response.json()).to.include({ petitionNumber: number, requestorIdn: PERSON, authorityIdno: TOWN_HALL_IDNO });
    }
    expectProblem(await p.platform.client('other-authority').get(`/api/v1/petitions/${number}`), 403, 'AccessDenied');
    expectProblem(await p.platform.client('no-petitions').get(`/api/v1/petitions/${number}`), 403, 'AccessDenied');
    expectProblem(await p.portal.get('/api/v1/petitions/P-2026-00000000'), 404, 'PetitionNotFound');
  });
});
