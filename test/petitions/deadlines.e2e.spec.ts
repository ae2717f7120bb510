import { expect } from 'chai';
import { petitionsDeadlines } from '../../src/petitions/module';
import { PETITION_DEADLINE_APPROACHING, PETITION_DEADLINE_PASSED } from '../../src/petitions/petition/events';
import {
  AUTHORITY,
  closing,
  expectProblem,
  expectShape,
  file,
  OFFICER,
  OTHER_AUTHORITY,
  PDF_BASE64,
  register,
  startPetitionsPlatform,
  TEST_NOW,
  type PetitionsPlatform,
} from './petitions-test-kit';

const DAY = 86_400_000;
const extension = (overrides: Record<string, unknown> = {}) => ({
  extensionDays: 15,
  decisionNumber: 'D-3/2026',
  reason: 'sunt necesare verificări pe teren',
  file: { fileName: 'decizie.pdf', contentType: 'application/pdf', content: PDF_BASE64 },
  ...overrides,
});

describe('Petitions: extensions, redirections, overdue petitions and the deadline scheduler (e2e, fixed clock)', function () {
  this.timeout(180_000);
  let p: PetitionsPlatform;

  beforeEach(async () => {
    p = await startPetitionsPlatform();
  });
  afterEach(() => p.platform.stop());

  const at = (date: string) => p.clock.set(new Date(`${date}T10:00:00+03:00`));
  // a client of the platform as it runs now (a restart binds another port)
  const model = async (number: string) => (await p.platform.client('demo-institution').get(`/petitie/authority/petitions/${number}`)).json();
  const alerts = async () =>
    (await p.platform.platform.stores.events.readAll({ after: 0, limit: 1000, filter: { types: [PETITION_DEADLINE_APPROACHING, PETITION_DEADLINE_PASSED] } })).map((stored) => ({
      type: stored.event.type,
      ...(stored.event.data as { petitionNumber: string; dueDate: string }),
    }));

  it('a term extension within the 30 days: 201, the new due date past a weekend, the decision downloadable; refusals say why', async () => {
    const number = await file(p.portal);
    await register(p.institution, number);
    at('2026-04-20');
    const response = await p.institution.post(`/api/v1/petitions/${number}/term-extensions`, { body: extension() });
    expect(response.status, response.text).to.equal(201);
    expectShape('term-extension', response.json());
    expect(response.headers.location).to.equal(`/api/v1/petitions/${number}`);
    expect(response.json()).to.include({ previousDueDate: '2026-05-04', answerDueDate: '2026-05-18', extensionDays: 15, exceptional: false });
    expect(await model(number)).to.include({ answerDueDate: '2026-05-18', dueDate: '2026-05-18' });
    expect(expectProblem(await p.institution.post(`/api/v1/petitions/${number}/term-extensions`, { body: extension({ extensionDays: 1 }) }), 400, 'InvalidParameter').detail).to.match(/at most 15 days in all \(already 15\)/);
    at('2026-05-10');
    const exceptional = await p.institution.post(`/api/v1/petitions/${number}/term-extensions`, { body: extension({ extensionDays: 45, exceptional: true }) });
    expect(exceptional.json()).to.include({ answerDueDate: '2026-06-30' });
    expect(expectProblem(await p.institution.post(`/api/v1/petitions/${number}/term-extensions`, { body: extension({ extensionDays: 1, exceptional: true }) }), 400, 'InvalidParameter').detail).to.match(/at most 90 days/);
    expectProblem(await p.townHall.post(`/api/v1/petitions/${number}/term-extensions`, { body: extension() }), 403, 'AccessDenied');
    expectProblem(await p.institution.post('/api/v1/petitions/P-2026-00000000/term-extensions', { body: extension() }), 400, 'PetitionNotFound');
    expectProblem(await p.institution.post(`/api/v1/petitions/${number}/term-extensions`, { body: extension({ extensionDays: 0 }) }), 400, 'InvalidParameter');
  });

  it('no extension after the term ended, nor before registration', async () => {
    const number = await file(p.portal);
    expect(expectProblem(await p.institution.post(`/api/v1/petitions/${number}/term-extensions`, { body: extension() }), 400).detail).to.match(/register it first/);
    await register(p.institution, number);
    at('2026-05-05');
    expect(expectProblem(await p.institution.post(`/api/v1/petitions/${number}/term-extensions`, { body: extension() }), 400).detail).to.match(/the term ended on 2026-05-04/);
  });

  it('a redirection within 5 working days: the competent authority receives it with fresh terms, the first loses sight of it', async () => {
    const number = await file(p.portal);
    at('2026-04-03');
    const other = p.platform.client('other-authority');
    expect((await other.get(`/petitie/authority/petitions/${number}`)).status).to.equal(403);
    const response = await p.institution.post(`/api/v1/petitions/${number}/redirections`, { body: { competentAuthorityIdno: OTHER_AUTHORITY, reason: 'ține de competența altei autorități' } });
    expect(response.status, response.text).to.equal(201);
    expectShape('redirection', response.json());
    expect(response.json()).to.deep.equal({ petitionNumber: number, fromAuthorityIdno: AUTHORITY, toAuthorityIdno: OTHER_AUTHORITY, receivedOn: '2026-04-03', registrationDueDate: '2026-04-06' });
    const seen = (await other.get(`/petitie/authority/petitions/${number}`)).json();
    expect(seen).to.include({ status: 'Submitted', authorityIdno: OTHER_AUTHORITY, receivedOn: '2026-04-03', dueDate: '2026-04-06' });
    expect(seen.redirections[0]).to.include({ fromAuthorityIdno: AUTHORITY, toAuthorityIdno: OTHER_AUTHORITY });
    // its term runs from the transfer, not from its own later registration
    at('2026-04-06');
    const registered = await register(other, number, { registrationDate: '2026-04-06T09:00:00+03:00' });
    expect(registered.json().answerDueDate).to.equal('2026-05-04');
  });

  it('a redirection after the 5 working days is refused (27 Aug and 31 Aug 2026 are holidays)', async () => {
    at('2026-08-26');
    const number = await file(p.portal);
    at('2026-09-04');
    await register(p.institution, number, { registrationDate: '2026-09-04T09:00:00+03:00' });
    expect((await p.institution.get(`/petitie/authority/petitions/${number}`)).json()).to.include({ registrationDueDate: '2026-08-28' });
    const body = { competentAuthorityIdno: OTHER_AUTHORITY, reason: 'altă autoritate' };
    at('2026-09-05');
    expect(expectProblem(await p.institution.post(`/api/v1/petitions/${number}/redirections`, { body }), 400, 'InvalidParameter').detail).to.match(/which ended on 2026-09-04/);
    expectProblem(await p.institution.post(`/api/v1/petitions/${number}/redirections`, { body: { competentAuthorityIdno: AUTHORITY, reason: 'x' } }), 400, 'InvalidParameter');
  });

  it('overdue petitions are shown as such and found by the overdue filter; the list sorts by due date', async () => {
    const late = await file(p.portal, { subject: 'Neînregistrată' });
    const registered = await file(p.portal, { subject: 'Înregistrată' });
    await register(p.institution, registered);
    const answered = await file(p.portal, { subject: 'Cu răspuns' });
    await register(p.institution, answered);
    await p.institution.post('/petitie/authority/petitions/close', { body: closing(answered) });
    at('2026-04-06');
    expect(await model(late)).to.include({ overdue: true, dueDate: '2026-04-03' });
    expect(await model(registered)).to.include({ overdue: false, dueDate: '2026-05-04' });
    const overdue = (await p.institution.get('/petitie/authority/petitions?overdue=true')).json();
    expect(overdue.items.map((item: { petitionNumber: string }) => item.petitionNumber)).to.deep.equal([late]);
    const current = (await p.institution.get('/petitie/authority/petitions?overdue=false&sort=dueDate')).json();
    expect(current.items.map((item: { petitionNumber: string }) => item.petitionNumber)).to.deep.equal([registered, answered]);
    const byDue = (await p.institution.get('/petitie/authority/petitions?sort=dueDate')).json();
    expect(byDue.items.map((item: { petitionNumber: string }) => item.petitionNumber)).to.deep.equal([late, registered, answered]);
    const latest = (await p.institution.get('/petitie/authority/petitions?sort=-dueDate&dueFrom=2026-04-04&dueTo=2026-05-31')).json();
    expect(latest.items.map((item: { petitionNumber: string }) => item.petitionNumber)).to.deep.equal([registered]);
  });

  it('the scheduler signals "approaching" 3 days before and "passed" after the due date, once each, across a restart', async () => {
    const number = await file(p.portal);
    await register(p.institution, number);
    const sweep = () => petitionsDeadlines(p.platform.platform.services)!.runNow();
    at('2026-04-30');
    await sweep();
    expect(await alerts()).to.deep.equal([]);
    at('2026-05-01');
    await sweep();
    await sweep();
    expect(await alerts()).to.deep.equal([{ type: PETITION_DEADLINE_APPROACHING, petitionNumber: number, authorityIdno: AUTHORITY, responsiblePersonIdnp: OFFICER, dueDate: '2026-05-04', signalledAt: new Date('2026-05-01T07:00:00Z').toISOString() }]);
    // down over the due date: the sweep at start catches up
    at('2026-05-06');
    await p.platform.restart();
    expect((await alerts()).map((alert) => alert.type)).to.deep.equal([PETITION_DEADLINE_APPROACHING, PETITION_DEADLINE_PASSED]);
    expect(await model(number)).to.include({ overdue: true });
    await p.platform.restart();
    await petitionsDeadlines(p.platform.platform.services)!.runNow();
    expect(await alerts()).to.have.length(2);
  });

  it('an extension after the "approaching" alert makes a new due date with alerts of its own; an answer stops them', async () => {
    const number = await file(p.portal);
    await register(p.institution, number);
    const sweep = () => petitionsDeadlines(p.platform.platform.services)!.runNow();
    at('2026-05-02');
    await sweep();
    await p.institution.post(`/api/v1/petitions/${number}/term-extensions`, { body: extension() });
    at('2026-05-15');
    await sweep();
    expect((await alerts()).map((alert) => alert.dueDate)).to.deep.equal(['2026-05-04', '2026-05-18']);
    await p.institution.post('/petitie/authority/petitions/close', { body: closing(number) });
    p.clock.set(new Date(TEST_NOW.getTime() + 60 * DAY));
    await sweep();
    expect(await alerts()).to.have.length(2);
  });
});
