import { expect } from 'chai';
import { pino } from 'pino';
import { AUTHORITY, bearer, expectProblem, file, headOf, ownerToken, writtenSince, PERSON, register, startPetitionsPlatform, type PetitionsPlatform } from './petitions-test-kit';

const SUBJECT = '2000000000033';

describe('Petitions: personal data (legal events, log lines, URLs) (e2e over mTLS)', function () {
  this.timeout(120_000);
  let p: PetitionsPlatform;
  const lines: string[] = [];

  before(async () => {
    p = await startPetitionsPlatform({ logger: pino({ level: 'debug' }, { write: (line: string) => void lines.push(line) }) });
  });
  after(() => p.platform.stop());

  /** What the event log's personal-data index holds for the subject, as its own search answers. */
  async function accessesOf(subject: string) {
    const response = await p.institution.post('/api/v1/personal-data-accesses/searches', { body: { subject, legalBasis: 'data subject request' } });
    expect(response.status, response.text).to.equal(200);
    return (response.json().items as Record<string, unknown>[]).filter((item) => item.event_type === 'Petitions.PersonalData.Access');
  }

  it("every read of a person's petition is a Petitions.PersonalData.Access event the event log finds by the person", async () => {
    const number = await file(p.portal, { requestorIdn: SUBJECT });
    expect(await accessesOf(SUBJECT)).to.deep.equal([]);
    expect((await p.institution.get('/petitie/authority/petitions')).status).to.equal(200);
    expect((await p.institution.get(`/petitie/authority/petitions/${number}`)).status).to.equal(200);
    expect((await p.institution.get(`/petitie/authority/petitions/${number}/pdf`)).status).to.equal(200);
    const accesses = await accessesOf(SUBJECT);
    // the index keeps the seed's personal-data fields: one access per read (list, petition, PDF)
    expect(accesses).to.have.length(3);
    for (const access of accesses) {
      expect(access).to.include({ legal_entity: AUTHORITY, subject: SUBJECT, subject_type: 'Person', object_type: 'Petition', object: number, user: 'demo-institution' });
      expect(access.legal_reason).to.equal('examining petitions addressed to the authority');
    }
    expect(String(accesses[0].legal_basis)).to.match(/Codul administrativ nr\. 116\/2018/);
  });

  it("the requestor's reads through a portal are logged for the portal's IDNO, with the person as user", async () => {
    const headers = bearer(await ownerToken(SUBJECT, p.clock.now()));
    expect((await p.portal.post('/petitie/requestor/petitions', { headers, body: { contextId: SUBJECT } })).status).to.equal(200);
    const [access] = (await accessesOf(SUBJECT)).filter((item) => item.legal_reason === "the petitioner's own petitions");
    expect(access).to.include({ legal_entity: '1009600000055', user: SUBJECT });
  });

  it("a page of legal entities' petitions only logs nothing; a refused read logs nothing", async () => {
    const company = '1003600000010';
    await file(p.institution, { requestorIdn: company });
    const before = await headOf(p.platform);
    await p.institution.post('/petitie/requestor/petitions', { body: { contextId: AUTHORITY } });
    expectProblem(await p.townHall.get('/petitie/authority/petitions?pageSize=1000'), 400);
    expectProblem(await p.portal.post('/petitie/requestor/petitions', { headers: bearer(await ownerToken(PERSON, p.clock.now())), body: { contextId: SUBJECT } }), 403);
    expect(await writtenSince(p.platform, before)).to.deep.equal([]);
  });

  it('no IDNP reaches a log line, even of refused requests', async () => {
    const number = await file(p.portal, { requestorIdn: PERSON });
    await register(p.institution, number);
    await p.portal.post('/petitie/requestor/petitions', { headers: bearer(await ownerToken(PERSON, p.clock.now())), body: { contextId: '2000000000099' } });
    await p.portal.post('/api/v1/petitions', { body: { requestorIdn: PERSON, authorityIdno: 'bad' } });
    // the seed's requestor paths hold the IDNP: a refusal's log line names the route instead
    expectProblem(await p.portal.delete(`/petitie/requestor/${PERSON}/${number}`, { headers: bearer(await ownerToken(SUBJECT, p.clock.now())) }), 403);
    expect(lines.join('\n')).to.include('/petitie/requestor/:contextId/:petitionNumber');
    expect(lines.length).to.be.above(0);
    for (const idnp of [PERSON, SUBJECT, '2000000000099', '2000000000055']) expect(lines.join('\n')).to.not.include(idnp);
  });
});
