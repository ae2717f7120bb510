import { expect } from 'chai';
import { DEMO_PETITIONS } from '../../src/petitions/demo/demo-petitions';
import { PETITION_DEADLINE_APPROACHING, PETITION_DEADLINE_PASSED, PETITION_FILED } from '../../src/petitions/petition/events';
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
