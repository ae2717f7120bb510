import { expect } from 'chai';
import { DEMO_PETITIONS } from '../../src/petitions/demo/demo-petitions';
import { loadDemoPetitions } from '../../src/petitions/demo/load-demo';
import { PETITION_CLOSED, PETITION_DEADLINE_APPROACHING, PETITION_DEADLINE_PASSED, PETITION_FILED } from '../../src/petitions/petition/events';
import { derivedPetitionNumber } from '../../src/petitions/petition/petition-number';
import { toPetitionStreamId } from '../../src/petitions/petition/stream';
import { readYourWrites } from '../../src/platform/projections/read-your-writes';
import { STATUS_NAMES } from '../../src/petitions/petition/status';
import { fixedClock } from '../../src/platform/clock';
import { TestPlatform } from '../support/test-platform';

describe('Petitions: demo data (e2e)', function () {
  this.timeout(120_000);
  let platform: TestPlatform;

  before(async () => {
    // the demo is dated back from its first start: a fixed day (Wed 10 June 2026) makes its deadlines fixed too
    platform = await TestPlatform.start({ seedDevelopmentData: true, clock: fixedClock(new Date('2026-06-10T07:00:00Z')) });
  });
  after(() => platform.stop());

  const all = async () => (await platform.client('demo-institution').get('/petitie/authority/petitions', { query: { pageSize: 100 } })).json();

  it('holds petitions in every status but Draft, some overdue, and their alerts already signalled', async () => {
    const list = await all();
    expect(list.totalCount).to.equal(DEMO_PETITIONS.length);
    const statuses = new Set(list.items.map((item: { status: string }) => item.status));
    expect([...statuses].sort()).to.deep.equal(STATUS_NAMES.filter((status) => status !== 'Draft').sort());
    expect(list.items.filter((item: { overdue: boolean }) => item.overdue).map((item: { subject: string }) => item.subject)).to.have.members(['Copie de pe certificatul de naștere', 'Iluminatul stradal', 'Salubrizarea parcului']);
    const alerts = await platform.platform.stores.events.readAll({ after: 0, limit: 10_000, filter: { types: [PETITION_DEADLINE_APPROACHING, PETITION_DEADLINE_PASSED] } });
    expect(alerts.map((stored) => stored.event.type)).to.include.members([PETITION_DEADLINE_PASSED, PETITION_DEADLINE_APPROACHING]);
    const redirected = list.items.find((item: { redirections: unknown[] }) => item.redirections.length > 0);
    expect(redirected).to.include({ authorityIdno: '1007600000021', status: 'Submitted' });
    const answered = list.items.find((item: { status: string }) => item.status === 'Completed');
    const response = await platform.client('demo-institution').get(`/petitie/requestor/1003600000003/${answered.petitionNumber}/${answered.response.responseId}`);
    expect(response.status).to.equal(204); // not the institution's own petition
  });

  it('loads once: a restart adds nothing', async () => {
    const filed = async () => (await platform.platform.stores.events.readAll({ after: 0, limit: 10_000, filter: { types: [PETITION_FILED] } })).length;
    const before = await filed();
    await platform.restart();
    expect(await filed()).to.equal(before);
    expect((await all()).totalCount).to.equal(DEMO_PETITIONS.length);
  });
});

describe('Petitions: demo data cut short by a crash (e2e)', function () {
  this.timeout(120_000);
  let platform: TestPlatform;

  before(async () => {
    platform = await TestPlatform.start({ clock: fixedClock(new Date('2026-06-10T07:00:00Z')) });
  });
  after(() => platform.stop());

  it('is completed by the next load: a petition filed before the process died gets the steps it lacked', async () => {
    const events = platform.platform.stores.events;
    const append = events.append.bind(events);
    // the process dies as it records the first answer: the filing and the registration before it are on disk
    events.append = async (streamId, batch, options) => {
      if (batch.some(({ event }) => event.type === PETITION_CLOSED)) {
        events.append = append;
        throw new Error('killed');
      }
      return append(streamId, batch, options);
    };
    const cut = await loadDemoPetitions(platform.platform.serviceDeps).then(() => null, (error: Error) => error.message);
    expect(cut).to.equal('killed');
    // the next start loads the demo again
    await loadDemoPetitions(platform.platform.serviceDeps);
    for (const demo of DEMO_PETITIONS) {
      const stream = toPetitionStreamId(derivedPetitionNumber('2026', `demo-petition-${demo.key}`));
      const types = (await events.readStream(stream)).map((stored) => stored.event.type).filter((type) => !type.includes('.deadline-'));
      expect(types, demo.key).to.have.length(1 + demo.steps.length);
      expect(types[0], demo.key).to.equal(PETITION_FILED);
    }
    await readYourWrites(platform.platform.serviceDeps, 5_000, ['petitions']);
    const list = (await platform.client('demo-institution').get('/petitie/authority/petitions', { query: { pageSize: 100 } })).json();
    const statuses = list.items.map((item: { status: string }) => item.status).sort();
    expect(statuses).to.deep.equal(['Cancelled', 'Completed', 'Completed', 'InProgress', 'InProgress', 'InProgress', 'InProgress', 'InProgress', 'Rejected', 'Submitted', 'Submitted', 'Submitted']);
  });
});
