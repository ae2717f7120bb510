import { expect } from 'chai';
import { seededRandom } from '../support/generated-input';
import type { HttpsClient } from '../support/https-client';
import { checksWrites, describeRequest, FUZZ_SEED, FuzzTally, fuzzRequests, jsonRequest, METHODS, mutated, queryOf, runOperations, segmentOf, type RawRequest } from '../support/service-fuzz';
import { AUTHORITY, bearer, closing, filing, headOf, ownerToken, PDF_BASE64, PERSON, registration, startPetitionsPlatform, writtenSince, type PetitionsPlatform } from './petitions-test-kit';

/**
 * Generated bad input against every endpoint of the petition service (the seed's under /petitie, the intake
 * and the authority's actions under /api/v1/petitions): bodies with members deleted, retyped or made up,
 * broken JSON, odd query values and repeated parameters, junk path segments, odd bearer tokens. Whatever
 * arrives, the answer is a 2xx or a 4xx problem, never a 5xx; a 400, 401 and 403 carry the seed's code; a
 * refused request writes nothing to the log. Seeded: FUZZ_SEED=<n> repeats a run, FUZZ_REQUESTS=<n> makes
 * it longer, FUZZ_CONCURRENCY=<n> sends n at once; FUZZ_VERBOSE=1 prints the statuses per operation.
 */
const SEED = FUZZ_SEED;
const REQUESTS = fuzzRequests(500);
const CODES: Record<number, string> = { 400: 'InvalidParameter|PetitionNotFound', 401: 'AuthenticationFailed', 403: 'AccessDenied' };
const STATES = ['None', 'Partial', 'Full', 0, 1, 2, 3, 'full', null];
const DATES = ['2026-04-01T09:00:00+03:00', '2026-03-31T09:00:00Z', '2026-04-02T09:00:00Z', '2026-04-01T07:00:00Z', '1900-01-01T00:00:00Z', '2026-05-05T00:00:00+03:00'];

describe('Petitions: generated bad input never gets a 5xx (e2e over mTLS)', function () {
  this.timeout(600_000);
  let p: PetitionsPlatform;

  before(async () => {
    p = await startPetitionsPlatform();
  });
  after(() => p.platform.stop());

  it(`answers ${REQUESTS} generated requests with 2xx or a 4xx problem with its code; a refused one writes nothing (seed ${SEED})`, async () => {
    const random = seededRandom(SEED);
    const tally = new FuzzTally();
    const submitted: string[] = [];
    const registered: string[] = [];
    const answered: { number: string; responseId: string }[] = [];
    const clients = [p.institution, p.portal, p.townHall];
    const token = await ownerToken(PERSON, p.clock.now());
    const someNumber = (pool: string[]) => (pool.length && random.chance(0.85) ? random.pick(pool) : random.pick(['P-2026-00000000', 'x', '']));

    const send = async (what: string, client: HttpsClient, method: string, path: string, options: RawRequest = {}) => {
      const head = await headOf(p.platform);
      const response = tally.check(what, describeRequest(method, path, options), await client.request(method, path, options));
      if (CODES[response.status]) expect(response.json().code, `${what} ${response.text}`).to.match(new RegExp(`^(${CODES[response.status]})$`));
      if (response.status >= 400 && checksWrites) {
        expect(await writtenSince(p.platform, head), `${what} was refused but wrote`).to.deep.equal([]);
      }
      return response;
    };
    const maybeToken = (): Record<string, string> => (random.chance(0.3) ? bearer(random.pick([token, 'x.y.z', `${token}x`, ''])) : {});

    const operations: Record<string, () => Promise<void>> = {
      'POST intake': async () => {
        const body = random.chance(0.4) ? filing() : mutated(random, filing({ attachments: [{ fileName: 'a.pdf', contentType: 'application/pdf', content: PDF_BASE64 }] }), ['1003600000003', PDF_BASE64]);
        const response = await send('POST intake', random.pick([p.portal, p.institution, p.townHall]), 'POST', '/api/v1/petitions', jsonRequest(random, body));
        if (response.status === 201) submitted.push(response.json().petitionNumber);
      },
      'GET authority list': async () => {
        const valid = { page: '1', pageSize: '10', status: random.pick(['Submitted', '3', 'completed']), excludeRegistered: 'false', sort: random.pick(['dueDate', '-filedAt']) };
        await send('GET authority list', random.pick(clients), 'GET', `/petitie/authority/petitions${queryOf(random, valid, ['2026-04-01', '101', 'Draft', '-dueDate'])}`, { headers: maybeToken() });
      },
      'GET authority petition': async () => {
        const number = someNumber(submitted);
        const suffix = random.pick(['', '/pdf', `/attachment/${random.pick(['00000000-0000-4000-8000-000000000000', 'x', '%ZZ'])}`]);
        await send('GET authority petition', random.pick(clients), 'GET', `/petitie/authority/petitions/${segmentOf(random, number)}${suffix}`, { headers: maybeToken() });
      },
      'POST register': async () => {
        const number = someNumber(submitted);
        const body = random.chance(0.4) ? registration(number, { registrationDate: random.pick(DATES) }) : mutated(random, registration(number), DATES);
        const response = await send('POST register', random.pick([p.institution, p.institution, p.townHall]), 'POST', '/petitie/authority/petitions/register', jsonRequest(random, body));
        if (response.status === 200) {
          registered.push(number);
          submitted.splice(submitted.indexOf(number), 1);
        }
      },
      'POST close': async () => {
        const number = someNumber(registered);
        const body = random.chance(0.4) ? closing(number, { satisfactionState: random.pick(STATES) }) : mutated(random, closing(number), STATES);
        const response = await send('POST close', random.pick([p.institution, p.institution, p.townHall]), 'POST', '/petitie/authority/petitions/close', jsonRequest(random, body));
        if (response.status === 200) answered.push({ number, responseId: response.json().responseId });
      },
      'POST term extension': async () => {
        const body = { extensionDays: random.pick([1, 15, 16, 60]), decisionNumber: 'D-1', reason: 'motiv', exceptional: random.chance(0.3), file: { fileName: 'd.pdf', contentType: 'application/pdf', content: PDF_BASE64 } };
        await send('POST term extension', random.pick([p.institution, p.townHall]), 'POST', `/api/v1/petitions/${segmentOf(random, someNumber(registered))}/term-extensions`, jsonRequest(random, random.chance(0.5) ? body : mutated(random, body)));
      },
      'POST redirection': async () => {
        const body = { competentAuthorityIdno: random.pick(['1002600000011', AUTHORITY]), reason: 'competența altei autorități' };
        await send('POST redirection', random.pick([p.institution, p.townHall]), 'POST', `/api/v1/petitions/${segmentOf(random, someNumber(submitted))}/redirections`, jsonRequest(random, random.chance(0.5) ? body : mutated(random, body)));
      },
      'POST requestor list': async () => {
        const body = { page: 1, pageSize: 10, filterStatuses: ['Submitted', 3], excludeRegistered: false, contextId: PERSON };
        await send('POST requestor list', p.portal, 'POST', '/petitie/requestor/petitions', jsonRequest(random, random.chance(0.3) ? body : mutated(random, body), bearer(token)));
      },
      'GET requestor document': async () => {
        const done = answered.length ? random.pick(answered) : { number: someNumber(submitted), responseId: '00000000-0000-4000-8000-000000000000' };
        const prefix = random.chance(0.3) ? '/petitie/requestor/extend-term' : '/petitie/requestor';
        await send('GET requestor document', p.portal, 'GET', `${prefix}/${segmentOf(random, PERSON, 0.2)}/${segmentOf(random, done.number, 0.2)}/${segmentOf(random, done.responseId, 0.2)}`, { headers: random.chance(0.8) ? bearer(token) : maybeToken() });
      },
      'DELETE requestor': async () => {
        const number = someNumber(random.chance(0.5) ? submitted : registered);
        const response = await send('DELETE requestor', p.portal, 'DELETE', `/petitie/requestor/${segmentOf(random, PERSON, 0.2)}/${segmentOf(random, number, 0.2)}`, { headers: random.chance(0.8) ? bearer(token) : maybeToken() });
        if (response.status === 200 && submitted.includes(number)) submitted.splice(submitted.indexOf(number), 1);
      },
      'GET intake': async () => {
        const path = random.chance(0.5) ? `/api/v1/petitions${queryOf(random, { limit: '5', cursor: '999999' }, ['0', '101', 'abc'])}` : `/api/v1/petitions/${segmentOf(random, someNumber(submitted))}`;
        await send('GET intake', random.pick(clients), 'GET', path);
      },
      'other method': async () => {
        const path = random.pick(['/petitie/authority/petitions', '/petitie/authority/petitions/register', '/petitie/requestor/petitions', '/api/v1/petitions', `/api/v1/petitions/${someNumber(submitted)}/redirections`, '/petitie', '/petitie/x/y']);
        await send('other method', random.pick(clients), random.pick(METHODS), path, random.chance(0.5) ? jsonRequest(random, mutated(random, filing())) : {});
      },
    };

    const names = Object.keys(operations).filter((name) => name !== 'other method');
    const weighted = [...names, 'other method', 'POST intake', 'POST intake', 'POST register', 'POST register', 'POST close'];
    await runOperations(random, REQUESTS, operations, weighted);

    if (process.env.FUZZ_VERBOSE) console.log(tally.describe());
    tally.expectBothSides(REQUESTS >= 500 ? ['POST intake', 'GET authority list', 'GET authority petition', 'POST register', 'POST close', 'POST requestor list', 'GET intake'] : []);
    expect(tally.count((status) => status < 300)).to.be.above(REQUESTS / 10);
    expect(tally.count((status) => status >= 400)).to.be.above(REQUESTS / 10);
  });
});
