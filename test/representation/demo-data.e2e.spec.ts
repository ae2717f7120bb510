import { expect } from 'chai';
import { fixedClock } from '../../src/platform/clock';
import type { HttpsClient } from '../support/https-client';
import { TestPlatform } from '../support/test-platform';
import { check, INTAKE, okData } from './representation-test-kit';

/** The development data: types (AT-0000001 needing neither acceptance nor co-signing), powers in every status, some changing in the next days. */
describe('Power of representation: demo data (e2e over mTLS)', function () {
  this.timeout(60_000);
  let platform: TestPlatform;
  let clock: ReturnType<typeof fixedClock>;
  let institution: HttpsClient;

  before(async () => {
    clock = fixedClock(new Date('2026-06-15T09:00:00.000Z'));
    platform = await TestPlatform.start({ clock, seedDevelopmentData: true });
    institution = platform.client('demo-institution');
  });
  after(() => platform.stop());

  const statuses = async () => {
    const response = await institution.get(`${INTAKE}/authorizations`, { query: { limit: 200 } });
    return Object.fromEntries((response.json().items as { authorizationCode: string; status: string }[]).map((item) => [item.authorizationCode, item.status]));
  };

  it('holds a power in every status, and AT-0000001 needs neither acceptance nor co-signing', async () => {
    const now = await statuses();
    expect(new Set(Object.values(now))).to.deep.equal(new Set(['Valid', 'Pending', 'PendingAcceptance', 'Draft', 'Suspended', 'Canceled']));
    expect(now['0100000000000001']).to.equal('Valid');
    const type = (await institution.get(`${INTAKE}/authorization-types/AT-0000001`)).json();
    expect(type).to.include({ requiresAcceptance: false, requiresCoSigning: false });
    expect(okData(await check(institution, 'Code-True-One', { AuthorizationCode: '0100000000000001' }), 'code-true-one.response.json')).to.equal(true);
  });

  it('has powers that start and end during the next days; loading it again changes nothing', async () => {
    const head = await platform.platform.stores.events.headPosition();
    await platform.restart();
    institution = platform.client('demo-institution');
    // what was due when the data was loaded (the power ending in two days expires soon) was recorded then
    const appended = await platform.platform.stores.events.readAll({ after: head, limit: 10, filter: { streamPrefix: 'representation-' } });
    expect(appended.map((stored) => stored.event.type), 'nothing loaded or recorded again').to.deep.equal([]);
    clock.set(new Date('2026-06-16T09:00:00.000Z'));
    expect((await statuses())['0100000000000002'], 'starts tomorrow').to.equal('Valid');
    clock.set(new Date('2026-06-18T09:00:00.000Z'));
    const later = await statuses();
    expect(later['0100000000000003'], 'ended the day before').to.equal('Canceled');
    expect(later['0100000000000004'], 'starts in three days').to.equal('Valid');
    clock.set(new Date('2026-06-21T09:00:00.000Z'));
    expect((await statuses())['0100000000000004'], 'ended in five days').to.equal('Canceled');
  });
});
