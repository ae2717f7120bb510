import { expect } from 'chai';
import type { StoredEvent } from '../../src/platform/event-store/event-store';
import type { HttpsClient } from '../support/https-client';
import type { TestPlatform } from '../support/test-platform';
import { check, DAY, defineType, grant, INTAKE, okData, startRepresentation } from './representation-test-kit';

/**
 * Validity follows time: the checks answer for the instant they are asked, with no one touching the power
 * and no sweep run; the scheduler records what time brought (became valid, expires soon, expired) at its
 * time, once, and after a restart too.
 */
describe('Power of representation: validity that follows time (e2e over mTLS, fixed clock)', function () {
  this.timeout(60_000);
  let platform: TestPlatform;
  let clock: Awaited<ReturnType<typeof startRepresentation>>['clock'];
  let sweep: () => Promise<void>;
  let institution: HttpsClient;

  // 15 June 2026, 12:00 in Chișinău (UTC+3)
  const START = '2026-06-15T09:00:00.000Z';
  const TOMORROW_STARTS = '2026-06-15T21:00:00.000Z';
  const TODAY_ENDS = '2026-06-15T20:59:59.999Z';

  beforeEach(async () => {
    ({ platform, clock, sweep } = await startRepresentation(START));
    institution = platform.client('demo-institution');
    await defineType(institution);
  });
  // stop() checks every event the platform appended against its contract (schemas/events)
  afterEach(() => platform.stop());

  const isValid = async (code: string) => okData<boolean>(await check(institution, 'Code-True-One', { AuthorizationCode: code }), 'code-true-one.response.json');
  const details = async (code: string) => okData(await check(institution, 'Code-Details-One', { AuthorizationCode: code }), 'code-details-one.response.json');
  const at = (instant: string) => clock.set(new Date(instant));
  const typesOf = async (code: string) =>
    (await platform.platform.stores.events.readStream(`representation-authorization-${code}`)).map((stored: StoredEvent) => stored.event.type.split('.')[4]);

  it('a power starting tomorrow is not valid today and valid tomorrow, from its first instant, without anyone touching it', async () => {
    const code = await grant(institution, { fromDate: '2026-06-16', toDate: '2026-06-30' });
    expect(await isValid(code)).to.equal(false);
    at('2026-06-15T20:59:59.999Z');
    expect(await isValid(code)).to.equal(false);
    at(TOMORROW_STARTS);
    expect(await isValid(code)).to.equal(true);
    expect(await details(code)).to.include({ isValid: true, fromDate: TOMORROW_STARTS, toDate: '2026-06-30T20:59:59.999Z' });
    expect(await typesOf(code), 'nothing recorded: the answer came from the clock').to.deep.equal(['created', 'granted']);
  });

  it('a power ending today is valid until its last instant and invalid after it; its fromDate then says since when', async () => {
    const code = await grant(institution, { fromDate: '2026-06-01', toDate: '2026-06-15' });
    expect(await isValid(code)).to.equal(true);
    at(TODAY_ENDS);
    expect(await isValid(code)).to.equal(true);
    at(TOMORROW_STARTS);
    expect(await isValid(code)).to.equal(false);
    expect(await details(code)).to.include({ isValid: false, fromDate: TOMORROW_STARTS, toDate: null });
    const canceled = await check(institution, 'Idn-Details-List', { IDNx: '2000000000011', Status: 6 });
    expect(okData(canceled, 'idn-details-list.response.json')).to.have.length(1);
  });

  it('the scheduler records "became valid" at fromDate, "expires soon" within the window, "expired" after toDate, each once', async () => {
    const code = await grant(institution, { fromDate: '2026-06-16', toDate: '2026-06-30T20:59:59.999Z' });
    await sweep();
    expect(await typesOf(code)).to.deep.equal(['created', 'granted']);
    at(TOMORROW_STARTS);
    await sweep();
    await sweep();
    expect(await typesOf(code)).to.deep.equal(['created', 'granted', 'became-valid']);
    at('2026-06-23T20:59:59.998Z'); // a millisecond before the 7 days of the default window
    await sweep();
    expect(await typesOf(code)).to.deep.equal(['created', 'granted', 'became-valid']);
    clock.advance(1);
    await sweep();
    expect(await typesOf(code)).to.deep.equal(['created', 'granted', 'became-valid', 'expiring-soon']);
    at('2026-06-30T20:59:59.999Z');
    await sweep();
    expect(await typesOf(code)).to.have.length(4);
    clock.advance(1);
    await sweep();
    await sweep();
    expect(await typesOf(code)).to.deep.equal(['created', 'granted', 'became-valid', 'expiring-soon', 'expired']);
    const view = (await institution.get(`${INTAKE}/authorizations/${code}`)).json();
    expect(view).to.deep.include({ status: 'Canceled', ended: { by: 'expired', at: '2026-06-30T21:00:00.000Z' } });
  });

  it('the scheduler\'s due dates survive a restart: what fell due while the platform was down is recorded at the next start', async () => {
    const starting = await grant(institution, { fromDate: '2026-06-16', toDate: '2026-06-20' });
    const ending = await grant(institution, { authorizedIdn: '2000000000033', fromDate: '2026-06-01', toDate: '2026-06-17' });
    await sweep();
    // ending is within the window of its end from the start: told at once
    expect(await typesOf(ending)).to.deep.equal(['created', 'granted', 'became-valid', 'expiring-soon']);
    await platform.restart();
    institution = platform.client('demo-institution');
    expect(await typesOf(starting)).to.deep.equal(['created', 'granted']);
    at('2026-06-18T09:00:00.000Z');
    await platform.restart(); // the sweep at start
    institution = platform.client('demo-institution');
    expect(await typesOf(starting)).to.deep.equal(['created', 'granted', 'became-valid', 'expiring-soon']);
    expect(await typesOf(ending)).to.deep.equal(['created', 'granted', 'became-valid', 'expiring-soon', 'expired']);
    at('2026-06-20T21:00:00.000Z');
    await sweep();
    expect((await typesOf(starting)).at(-1)).to.equal('expired');
    expect(await isValid(starting)).to.equal(false);
  });

  it('a suspended power is not valid, and is valid again once resumed inside its window; after its end it cannot be resumed', async () => {
    const code = await grant(institution, { fromDate: '2026-06-01', toDate: '2026-06-20' });
    expect((await institution.post(`${INTAKE}/authorizations/${code}/suspensions`, { body: {} })).status).to.equal(201);
    expect(await isValid(code)).to.equal(false);
    expect(await details(code)).to.include({ fromDate: START, toDate: null });
    clock.advance(DAY);
    expect((await institution.post(`${INTAKE}/authorizations/${code}/resumptions`, { body: {} })).status).to.equal(201);
    expect(await isValid(code)).to.equal(true);
    await institution.post(`${INTAKE}/authorizations/${code}/suspensions`, { body: {} });
    at('2026-06-21T09:00:00.000Z');
    const refused = await institution.post(`${INTAKE}/authorizations/${code}/resumptions`, { body: {} });
    expect(refused.status).to.equal(409);
    expect(refused.json().detail).to.match(/Canceled cannot be resumed/);
  });
});
