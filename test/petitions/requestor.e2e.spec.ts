import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import {
  AUTHORITY,
  bearer,
  closing,
  expectProblem,
  expectShape,
  file,
  ownerToken,
  OTHER_PERSON,
  PDF_BASE64,
  PERSON,
  register,
  startPetitionsPlatform,
  STRANGER_KEY,
  TEST_NOW,
  TOWN_HALL_IDNO,
  type PetitionsPlatform,
} from './petitions-test-kit';

const LIST = '/petitie/requestor/petitions';

describe("Petitions: the requestor's operations and their owner context (e2e over mTLS)", function () {
  this.timeout(120_000);
  let p: PetitionsPlatform;
  let answered: { number: string; responseId: string; decisionId: string };
  let pending: string;

  before(async () => {
    p = await startPetitionsPlatform();
    pending = await file(p.portal);
    const number = await file(p.portal, { subject: 'Cu răspuns' });
    await register(p.institution, number);
    const extension = await p.institution.post(`/api/v1/petitions/${number}/term-extensions`, {
      body: { extensionDays: 10, decisionNumber: 'D-1', reason: 'verificări', file: { fileName: 'decizie.pdf', contentType: 'application/pdf', content: PDF_BASE64 } },
    });
    expect(extension.status, extension.text).to.equal(201);
    const closed = await p.institution.post('/petitie/authority/petitions/close', { body: closing(number, { file: { fileName: 'răspuns.pdf', contentType: 'application/pdf', content: PDF_BASE64 } }) });
    answered = { number, responseId: closed.json().responseId, decisionId: extension.json().decisionId };
    await file(p.portal, { requestorIdn: OTHER_PERSON });
  });
  after(() => p.platform.stop());

  const token = (idno = PERSON, options = {}) => ownerToken(idno, p.clock.now(), options);

  describe('owner context', () => {
    it('a valid RS256 token names the owner (data.idno), who lists their own petitions', async () => {
      const response = await p.portal.post(LIST, { headers: bearer(await token()), body: { contextId: PERSON } });
      expect(response.status, response.text).to.equal(200);
      expectShape('petition-list', response.json());
      expect(response.json()).to.include({ page: 1, pageSize: 10, totalCount: 2 });
      expect(response.json().items.map((item: { petitionNumber: string }) => item.petitionNumber)).to.have.members([pending, answered.number]);
    });

    it('a token for another IDNP is refused (403 AccessDenied), as is a contextId without a token for it', async () => {
      expectProblem(await p.portal.post(LIST, { headers: bearer(await token(OTHER_PERSON)), body: { contextId: PERSON } }), 403, 'AccessDenied');
      // without a token the owner is the certificate's IDNO, not the person
      expectProblem(await p.portal.post(LIST, { body: { contextId: PERSON } }), 403, 'AccessDenied');
    });

    it('without a token, the certificate: its registry IDNO is the owner context', async () => {
      const own = await file(p.institution, { requestorIdn: AUTHORITY });
      const response = await p.institution.post(LIST, { body: { contextId: AUTHORITY } });
      expect(response.json().items.map((item: { petitionNumber: string }) => item.petitionNumber)).to.deep.equal([own]);
      expectProblem(await p.platform.client('no-idno-authority').post(LIST, { body: { contextId: AUTHORITY } }), 403, 'AccessDenied');
    });

    it('refuses with 401 AuthenticationFailed a token expired, not yet valid, without expiry, signed by another key or with HS256, or one malformed', async () => {
      const refused = async (headers: Record<string, string>, reason: RegExp) => {
        const problem = expectProblem(await p.portal.post(LIST, { headers, body: { contextId: PERSON } }), 401, 'AuthenticationFailed');
        expect(problem.detail).to.match(reason);
      };
      await refused(bearer(await ownerToken(PERSON, new Date(TEST_NOW.getTime() - 7_200_000))), /expired/);
      await refused(bearer(await token(PERSON, { notBefore: new Date(TEST_NOW.getTime() + 600_000) })), /nbf/);
      await refused(bearer(await token(PERSON, { exp: false })), /exp/);
      await refused(bearer(await token(PERSON, { key: STRANGER_KEY.privateKey })), /signature/);
      await refused(bearer(await token(PERSON, { alg: 'HS256', key: Buffer.from('a shared secret of 32 bytes long!') as never })), /RS256/);
      await refused(bearer('not.a.jwt'), /cannot be read/);
      await refused({ authorization: 'Basic dXNlcjpwYXNz' }, /Bearer/);
      await refused(bearer(await ownerToken('2000', p.clock.now())), /data\.idno/);
    });

    it("a token is checked against the calling client's registered keys: a client with none is refused", async () => {
      expectProblem(await p.townHall.post(LIST, { headers: bearer(await token()), body: { contextId: PERSON } }), 401, 'AuthenticationFailed');
    });

    it('the fixed clock decides expiry: a token valid now is expired two hours later', async () => {
      const valid = await token();
      expect((await p.portal.post(LIST, { headers: bearer(valid), body: { contextId: PERSON } })).status).to.equal(200);
      p.clock.advance(2 * 3_600_000);
      try {
        expectProblem(await p.portal.post(LIST, { headers: bearer(valid), body: { contextId: PERSON } }), 401, 'AuthenticationFailed');
      } finally {
        p.clock.set(TEST_NOW);
      }
    });

    it('403 without the requestor right, 401 without a certificate', async () => {
      expectProblem(await p.platform.client('other-authority').post(LIST, { body: { contextId: PERSON } }), 403, 'AccessDenied');
      expectProblem(await p.platform.anonymous().post(LIST, { body: { contextId: PERSON } }), 401, 'AuthenticationFailed');
    });
  });

  describe('POST /petitie/requestor/petitions', () => {
    it('filters by status and excludeRegistered; names in any case; empty is 200', async () => {
      const headers = bearer(await token());
      const completed = await p.portal.post(LIST, { headers, body: { ContextId: PERSON, FilterStatuses: ['Completed'] } });
      expect(completed.json().items.map((item: { petitionNumber: string }) => item.petitionNumber)).to.deep.equal([answered.number]);
      expect((await p.portal.post(LIST, { headers, body: { contextId: PERSON, filterStatuses: [2], excludeRegistered: true } })).json().totalCount).to.equal(1);
      const none = await p.portal.post(LIST, { headers, body: { contextId: PERSON, filterStatuses: ['Rejected'] } });
      expect(none.status).to.equal(200);
      expect(none.json()).to.deep.equal({ items: [], page: 1, pageSize: 10, totalCount: 0 });
    });

    it('refuses bad bodies with 400 InvalidParameter', async () => {
      const headers = bearer(await token());
      for (const body of [{}, { contextId: '123' }, { contextId: PERSON, pageSize: 1000 }, { contextId: PERSON, filterStatuses: ['Closed'] }, { contextId: PERSON, page: 0 }]) {
        expectProblem(await p.portal.post(LIST, { headers, body }), 400, 'InvalidParameter');
      }
    });
  });

  describe('downloads', () => {
    it('the response document as a binary file', async () => {
      const response = await p.portal.get(`/petitie/requestor/${PERSON}/${answered.number}/${answered.responseId}`, { headers: bearer(await token()) });
      expect(response.status).to.equal(200);
      expect(response.headers['content-type']).to.equal('application/pdf');
      expect(String(response.headers['content-disposition'])).to.match(/^attachment; filename=.*filename\*=UTF-8''r%C4%83spuns\.pdf/);
      expect(response.body.toString('base64')).to.equal(PDF_BASE64);
    });

    it('the term-extension decision as a binary file', async () => {
      const response = await p.portal.get(`/petitie/requestor/extend-term/${PERSON}/${answered.number}/${answered.decisionId}`, { headers: bearer(await token()) });
      expect(response.status).to.equal(200);
      expect(response.body.toString('base64')).to.equal(PDF_BASE64);
    });

    it("204 for an unknown document, or another person's petition; 403 for another person's context; 401 for a bad token", async () => {
      const headers = bearer(await token());
      expect((await p.portal.get(`/petitie/requestor/${PERSON}/${answered.number}/${randomUUID()}`, { headers })).status).to.equal(204);
      expect((await p.portal.get(`/petitie/requestor/${PERSON}/${pending}/${answered.responseId}`, { headers })).status).to.equal(204);
      expect((await p.portal.get(`/petitie/requestor/extend-term/${PERSON}/${answered.number}/${randomUUID()}`, { headers })).status).to.equal(204);
      const other = bearer(await token(OTHER_PERSON));
      expect((await p.portal.get(`/petitie/requestor/${OTHER_PERSON}/${answered.number}/${answered.responseId}`, { headers: other })).status).to.equal(204);
      expectProblem(await p.portal.get(`/petitie/requestor/${PERSON}/${answered.number}/${answered.responseId}`, { headers: other }), 403, 'AccessDenied');
      expectProblem(await p.portal.get(`/petitie/requestor/extend-term/${PERSON}/${answered.number}/${answered.decisionId}`, { headers: other }), 403, 'AccessDenied');
      expectProblem(await p.portal.get(`/petitie/requestor/${PERSON}/${answered.number}/${answered.responseId}`, { headers: bearer('x.y.z') }), 401, 'AuthenticationFailed');
    });
  });

  describe('DELETE /petitie/requestor/{contextId}/{petitionNumber}', () => {
    it('withdraws a petition not yet registered, and hides an answered one, from the requestor list; true both times, and again', async () => {
      const headers = bearer(await token());
      const toWithdraw = await file(p.portal, { subject: 'De retras' });
      for (let i = 0; i < 2; i += 1) {
        const response = await p.portal.delete(`/petitie/requestor/${PERSON}/${toWithdraw}`, { headers });
        expect(response.status).to.equal(200);
        expectShape('requestor-deletion', response.json());
        expect(response.json()).to.equal(true);
      }
      expect((await p.portal.delete(`/petitie/requestor/${PERSON}/${answered.number}`, { headers })).json()).to.equal(true);
      const left = (await p.portal.post(LIST, { headers, body: { contextId: PERSON } })).json();
      expect(left.items.map((item: { petitionNumber: string }) => item.petitionNumber)).to.deep.equal([pending]);
      // the authority still sees both: one withdrawn, one answered
      expect((await p.institution.get(`/petitie/authority/petitions/${toWithdraw}`)).json()).to.include({ status: 'Cancelled' });
      expect((await p.institution.get(`/petitie/authority/petitions/${answered.number}`)).json()).to.include({ status: 'Completed' });
      // the requestor still downloads the answer of a petition they hid
      expect((await p.portal.get(`/petitie/requestor/${PERSON}/${answered.number}/${answered.responseId}`, { headers })).status).to.equal(200);
    });

    it("400 PetitionNotFound for another person's or an unknown petition; 403 for another context", async () => {
      const theirs = await file(p.portal, { requestorIdn: OTHER_PERSON });
      expectProblem(await p.portal.delete(`/petitie/requestor/${PERSON}/${theirs}`, { headers: bearer(await token()) }), 400, 'PetitionNotFound');
      expectProblem(await p.portal.delete(`/petitie/requestor/${PERSON}/P-2026-00000000`, { headers: bearer(await token()) }), 400, 'PetitionNotFound');
      expectProblem(await p.portal.delete(`/petitie/requestor/${OTHER_PERSON}/${theirs}`, { headers: bearer(await token()) }), 403, 'AccessDenied');
      expectProblem(await p.townHall.delete(`/petitie/requestor/${TOWN_HALL_IDNO}/${theirs}`), 400, 'PetitionNotFound');
    });
  });
});
