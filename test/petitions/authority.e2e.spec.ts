import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import {
  AUTHORITY,
  closing,
  expectProblem,
  expectShape,
  file,
  headOf,
  OTHER_AUTHORITY,
  OTHER_PERSON,
  PDF_BASE64,
  pdfText,
  PERSON,
  register,
  registration,
  startPetitionsPlatform,
  TOWN_HALL_IDNO,
  writtenSince,
  type PetitionsPlatform,
} from './petitions-test-kit';

const LIST = '/petitie/authority/petitions';

describe("Petitions: the authority's operations (e2e over mTLS)", function () {
  this.timeout(120_000);
  let p: PetitionsPlatform;
  let ours: string;
  let townHalls: string;
  let withAttachment: { number: string; attachmentId: string };

  before(async () => {
    p = await startPetitionsPlatform();
    ours = await file(p.portal);
    townHalls = await file(p.portal, { authorityIdno: TOWN_HALL_IDNO, requestorIdn: OTHER_PERSON, subject: 'Gunoiul' });
    const filed = await p.portal.post('/api/v1/petitions', {
      body: { requestorIdn: '1003600000010', authorityIdno: AUTHORITY, subject: 'Autorizația', text: 'Textul.', attachments: [{ fileName: 'plan.pdf', contentType: 'application/pdf', content: PDF_BASE64 }] },
    });
    withAttachment = { number: filed.json().petitionNumber, attachmentId: filed.json().attachments[0].attachmentId };
  });
  after(() => p.platform.stop());

  describe('GET /petitie/authority/petitions', () => {
    it('scope all lists every petition in the DataResponse shape, newest first, page 1 of 10 by default', async () => {
      const response = await p.institution.get(LIST);
      expect(response.status).to.equal(200);
      const body = response.json();
      expectShape('petition-list', body);
      expect(body).to.include({ page: 1, pageSize: 10, totalCount: 3 });
      expect(body.items.map((item: { petitionNumber: string }) => item.petitionNumber)).to.have.members([ours, townHalls, withAttachment.number]);
      // filed at one instant (the clock stands still): in the order they were filed, newest first
      expect(body.items[0]).to.include({ petitionNumber: withAttachment.number, status: 'Submitted', statusCode: 2, dueDate: '2026-04-03', overdue: false, requestorType: 'Organization' });
    });

    it('scope own-authority lists only the petitions addressed to its IDNO, and may not ask for another', async () => {
      const body = (await p.townHall.get(LIST)).json();
      expect(body.items.map((item: { petitionNumber: string }) => item.petitionNumber)).to.deep.equal([townHalls]);
      expectProblem(await p.townHall.get(LIST, { query: { authorityIdno: AUTHORITY } }), 403, 'AccessDenied');
      expect((await p.institution.get(LIST, { query: { authorityIdno: TOWN_HALL_IDNO } })).json().totalCount).to.equal(1);
    });

    it('answers 204 when nothing matches', async () => {
      const response = await p.platform.client('other-authority').get(LIST);
      expect(response.status).to.equal(204);
      expect(response.text).to.equal('');
    });

    it('pages, filters by repeated status (names or numbers) and excludeRegistered', async () => {
      const registered = await file(p.portal, { subject: 'De înregistrat' });
      await register(p.institution, registered);
      const page2 = (await p.institution.get(`${LIST}?page=2&pageSize=3`)).json();
      expect(page2).to.include({ page: 2, pageSize: 3, totalCount: 4 });
      expect(page2.items).to.have.length(1);
      const inProgress = (await p.institution.get(`${LIST}?status=InProgress`)).json();
      expect(inProgress.items.map((item: { petitionNumber: string }) => item.petitionNumber)).to.deep.equal([registered]);
      expect((await p.institution.get(`${LIST}?status=3&status=Submitted`)).json().totalCount).to.equal(4);
      expect((await p.institution.get(`${LIST}?Status=inprogress`)).json().totalCount).to.equal(1);
      expect((await p.institution.get(`${LIST}?excludeRegistered=true`)).json().totalCount).to.equal(3);
      expect((await p.institution.get(LIST, { query: { status: 'Completed' } })).status).to.equal(204);
    });

    it('refuses bad parameters with 400 InvalidParameter', async () => {
      for (const query of ['page=0', 'pageSize=101', 'pageSize=x', 'status=Closed', 'status=9', 'excludeRegistered=maybe', 'sort=subject', 'dueFrom=2026-02-30', 'status[a]=1']) {
        const problem = expectProblem(await p.institution.get(`${LIST}?${query}`), 400, 'InvalidParameter');
        expect(problem.errors, query).to.be.an('object');
      }
    });

    it('403 without an authority right, 401 without a certificate', async () => {
      expectProblem(await p.platform.client('no-petitions').get(LIST), 403, 'AccessDenied');
      expectProblem(await p.portal.get(LIST), 403, 'AccessDenied');
      expectProblem(await p.platform.anonymous().get(LIST), 401, 'AuthenticationFailed');
      expectProblem(await p.platform.client('no-idno-authority').get(LIST), 403, 'AccessDenied');
    });
  });

  describe('GET /petitie/authority/petitions/{petitionNumber}', () => {
    it("answers the PetitionModel within the caller's scope", async () => {
      const response = await p.institution.get(`${LIST}/${ours}`);
      expect(response.status).to.equal(200);
      expectShape('petition', response.json());
      expect(response.json()).to.include({ petitionNumber: ours, requestorIdn: PERSON, authorityIdno: AUTHORITY, registrationDueDate: '2026-04-03' });
    });

    it('400 PetitionNotFound for an unknown number, 403 AccessDenied outside the scope', async () => {
      expectProblem(await p.institution.get(`${LIST}/P-2026-00000000`), 400, 'PetitionNotFound');
      expectProblem(await p.townHall.get(`${LIST}/${ours}`), 403, 'AccessDenied');
    });
  });

  describe('GET .../{petitionNumber}/pdf and .../attachment/{attachmentId}', () => {
    it('the petition as a real PDF holding what was filed', async () => {
      const response = await p.institution.get(`${LIST}/${ours}/pdf`);
      expect(response.status).to.equal(200);
      const body = response.json();
      expectShape('petition-file', body);
      expect(body).to.include({ contentType: 'application/pdf', fileName: `petitie-${ours}.pdf` });
      const text = await pdfText(Buffer.from(body.content, 'base64'));
      for (const expected of [ours, 'Ion Popescu', PERSON, AUTHORITY, 'Iluminatul stradal', 'Vă rog să reparați iluminatul pe strada Ștefan cel Mare.']) expect(text).to.include(expected);
    });

    it('the attachment as filed; 204 for an unknown one; 400 for an id that is no GUID', async () => {
      const response = await p.institution.get(`${LIST}/${withAttachment.number}/attachment/${withAttachment.attachmentId.toUpperCase()}`);
      expect(response.status).to.equal(200);
      expect(response.json()).to.deep.equal({ content: PDF_BASE64, contentType: 'application/pdf', fileName: 'plan.pdf' });
      expect((await p.institution.get(`${LIST}/${withAttachment.number}/attachment/${randomUUID()}`)).status).to.equal(204);
      expectProblem(await p.institution.get(`${LIST}/${withAttachment.number}/attachment/not-a-guid`), 400, 'InvalidParameter');
    });

    it('400 for an unknown petition, 403 outside the scope', async () => {
      expectProblem(await p.institution.get(`${LIST}/P-2026-00000000/pdf`), 400, 'PetitionNotFound');
      expectProblem(await p.townHall.get(`${LIST}/${ours}/pdf`), 403, 'AccessDenied');
      expectProblem(await p.institution.get(`${LIST}/P-2026-00000000/attachment/${randomUUID()}`), 400, 'PetitionNotFound');
      expectProblem(await p.townHall.get(`${LIST}/${withAttachment.number}/attachment/${withAttachment.attachmentId}`), 403, 'AccessDenied');
    });

    it('204 for the documents of a petition its requestor withdrew', async () => {
      const withdrawn = await file(p.institution, { requestorIdn: AUTHORITY, attachments: [{ fileName: 'a.txt', contentType: 'text/plain', content: Buffer.from('anexa').toString('base64') }] });
      const attachmentId = (await p.institution.get(`${LIST}/${withdrawn}`)).json().attachments[0].attachmentId;
      expect((await p.institution.delete(`/petitie/requestor/${AUTHORITY}/${withdrawn}`)).json()).to.equal(true);
      expect((await p.institution.get(`${LIST}/${withdrawn}/pdf`)).status).to.equal(204);
      expect((await p.institution.get(`${LIST}/${withdrawn}/attachment/${attachmentId}`)).status).to.equal(204);
      expect((await p.institution.get(`${LIST}/${withdrawn}`)).json()).to.include({ status: 'Cancelled', dueDate: null });
    });
  });

  describe('POST /petitie/authority/petitions/register', () => {
    it('registers, answering the due date (Labour Day and a weekend moved it to Mon 4 May)', async () => {
      const number = await file(p.portal);
      const response = await register(p.institution, number, { estimatedResolveDate: '2026-04-20T12:00:00+03:00' });
      expectShape('petition-registration', response.json());
      expect(response.json()).to.deep.equal({ petitionNumber: number, status: 'InProgress', registrationNumber: 'REG-1/2026', answerDueDate: '2026-05-04' });
      expect((await p.institution.get(`${LIST}/${number}`)).json()).to.include({ status: 'InProgress', registered: true, answerDueDate: '2026-05-04', dueDate: '2026-05-04', estimatedResolveDate: '2026-04-20T09:00:00.000Z' });
    });

    it('takes member names in any letter case, as ASP.NET binds them', async () => {
      const number = await file(p.portal);
      const body = { PetitionNumber: number, RegistrationNumber: 'R-2', RegistrationDate: '2026-04-01T10:00:00+03:00', ResponsiblePersonIdnp: '2000000000055' };
      expect((await p.institution.post('/petitie/authority/petitions/register', { body })).status).to.equal(200);
    });

    it('400 for an unknown petition, invalid fields, an illegal move; 403 outside the scope; nothing written', async () => {
      const number = await file(p.portal);
      const head = await headOf(p.platform);
      const post = (client: typeof p.institution, body: object) => client.post('/petitie/authority/petitions/register', { body });
      expectProblem(await post(p.institution, registration('P-2026-00000000')), 400, 'PetitionNotFound');
      expect(expectProblem(await post(p.institution, registration(number, { responsiblePersonIdnp: '123' })), 400, 'InvalidParameter').errors).to.have.property('responsiblePersonIdnp');
      expect(expectProblem(await post(p.institution, registration(number, { registrationDate: '2026-04-02T10:00:00+03:00' })), 400, 'InvalidParameter').errors.registrationDate[0]).to.match(/in the future/);
      expectProblem(await post(p.townHall, registration(number)), 403, 'AccessDenied');
      expectProblem(await post(p.institution, { ...registration(number), extra: 1 }), 400, 'InvalidParameter');
      expect(await writtenSince(p.platform, head)).to.deep.equal([]);
      await register(p.institution, number);
      expect(expectProblem(await post(p.institution, registration(number)), 400, 'InvalidParameter').detail).to.match(/status InProgress cannot be registered/);
    });
  });

  describe('POST /petitie/authority/petitions/close', () => {
    it('closes a registered petition with its response document and outcomes', async () => {
      const number = await file(p.portal);
      await register(p.institution, number);
      const response = await p.institution.post('/petitie/authority/petitions/close', { body: closing(number, { satisfactionState: 'Partial', refuseState: 1 }) });
      expect(response.status, response.text).to.equal(200);
      expectShape('petition-closure', response.json());
      expect(response.json()).to.include({ petitionNumber: number, status: 'Completed', late: false });
      const model = (await p.institution.get(`${LIST}/${number}`)).json();
      expect(model).to.include({ status: 'Completed', dueDate: null, overdue: false });
      expect(model.response).to.include({ responseId: response.json().responseId, petitionExitNumber: 'IES-7/2026', satisfactionState: 'Partial', refuseState: 'Partial', rejectionState: 'None' });
    });

    it('400 before registration, without an outcome, with a file that is not what it says; 403 outside the scope; nothing written', async () => {
      const number = await file(p.portal);
      const post = (client: typeof p.institution, body: object) => client.post('/petitie/authority/petitions/close', { body });
      expect(expectProblem(await post(p.institution, closing(number)), 400, 'InvalidParameter').detail).to.match(/register it first/);
      await register(p.institution, number);
      const registered = await headOf(p.platform);
      expect(expectProblem(await post(p.institution, closing(number, { satisfactionState: 'None' })), 400, 'InvalidParameter').detail).to.match(/at least one outcome/);
      expect(expectProblem(await post(p.institution, closing(number, { file: { fileName: 'r.pdf', contentType: 'application/pdf', content: Buffer.from('hello').toString('base64') } })), 400, 'InvalidParameter').errors).to.have.property('file.content');
      expectProblem(await post(p.institution, closing(number, { file: { fileName: 'r.pdf', contentType: 'application/pdf', content: '%%%' } })), 400, 'InvalidParameter');
      expectProblem(await post(p.institution, closing(number, { satisfactionState: 'Maybe' })), 400, 'InvalidParameter');
      expectProblem(await post(p.townHall, closing(number)), 403, 'AccessDenied');
      expectProblem(await post(p.institution, closing('P-2026-00000000')), 400, 'PetitionNotFound');
      expect(await writtenSince(p.platform, registered)).to.deep.equal([]);
    });

    it('the other authority of scope own-authority acts on its own petitions only', async () => {
      const theirs = await file(p.portal, { authorityIdno: OTHER_AUTHORITY });
      const other = p.platform.client('other-authority');
      await register(other, theirs);
      expect((await other.post('/petitie/authority/petitions/close', { body: closing(theirs, { satisfactionState: null, rejectionState: 'Full' }) })).json()).to.include({ status: 'Rejected' });
    });
  });
});
