import { expect } from 'chai';
import { seededRandom } from '../support/generated-input';
import type { HttpResponse, HttpsClient } from '../support/https-client';
import { checksWrites, describeRequest, FUZZ_SEED, FuzzTally, fuzzRequests, jsonRequest, METHODS, mutated, queryOf, runOperations, segmentOf, type RawRequest } from '../support/service-fuzz';
import type { TestPlatform } from '../support/test-platform';
import { ANDREI, CHECKS, defineType, ELENA, grant, INTAKE, ION, MARIA, powerBody, startRepresentation, TYPE_PLAIN, VICTOR } from './representation-test-kit';

/**
 * Generated bad input against every endpoint of the service: the five checks with odd, repeated,
 * misspelt and missing query parameters, the intake's bodies with members deleted, retyped or made up,
 * broken JSON, junk path segments and other methods. Whatever arrives, the answer is a 2xx or a 4xx
 * problem (under /clients-api also in the envelope), never a 5xx; a refused write writes nothing.
 * FUZZ_SEED, FUZZ_REQUESTS, FUZZ_CONCURRENCY as test/support/service-fuzz.ts says.
 */
const SEED = FUZZ_SEED;
const REQUESTS = fuzzRequests(500);
const ODD_DATES = ['2026-02-30', '2026-06-15T24:00:00Z', '2026-06-15T10:00:00', '0000-01-01', '9999-12-31', '2026-06-15T10:00:00.1234567Z', '2026-06-15T10:00+02:00', '１２３'];
const SUB_RESOURCES = ['co-signatures', 'acceptances', 'suspensions', 'resumptions', 'revocations', 'renunciations', 'file-verifications'];

describe('Power of representation: generated bad input never gets a 5xx (e2e over mTLS)', function () {
  this.timeout(300_000);
  let platform: TestPlatform;
  let institution: HttpsClient;
  const codes: string[] = [];

  before(async () => {
    ({ platform } = await startRepresentation('2026-06-15T09:00:00.000Z'));
    institution = platform.client('demo-institution');
    await defineType(institution);
    await defineType(institution, { code: 'AT-0000002', names: { ro: 'Depunere' }, requiresAcceptance: true });
    await defineType(institution, { code: 'AT-0000003', names: { ro: 'Înstrăinare' }, requiresCoSigning: true });
    codes.push(await grant(institution, { fromDate: '2026-06-01', toDate: '2026-12-31' }));
    codes.push(await grant(institution, { authorizationTypeCode: 'AT-0000003', coSignerIdns: [ELENA, VICTOR] }));
  });
  after(() => platform.stop());

  it(`answers ${REQUESTS} generated requests with 2xx or a 4xx problem (the envelope too under /clients-api); a refused write writes nothing (seed ${SEED})`, async () => {
    const random = seededRandom(SEED);
    const tally = new FuzzTally();
    const events = platform.platform.stores.events;
    const send = async (what: string, method: string, path: string, options: RawRequest = {}): Promise<HttpResponse> => {
      const response = tally.check(what, describeRequest(method, path, options), await institution.request(method, path, options));
      if (path.startsWith('/clients-api') && response.status >= 400) expect(response.json(), path).to.deep.include({ data: null, success: false });
      return response;
    };
    const nothingWritten = async (what: string, head: number) => {
      if (!checksWrites) return;
      const appended = await events.readAll({ after: head, limit: 10, filter: { streamPrefix: 'representation-' } });
      expect(appended.map((stored) => stored.event.type), `${what} was refused but wrote`).to.deep.equal([]);
    };
    const code = () => (random.chance(0.8) ? random.pick(codes) : random.pick(['0000000000000000', '123', '01234567890123456']));
    const idn = () => random.pick([ION, MARIA, ANDREI, ELENA, '1003600000010', '200000000001', 'abc']);
    /** a party that makes a valid request most of the time */
    const representative = () => (random.chance(0.6) ? MARIA : idn());
    const write = async (what: string, method: string, path: string, request: RawRequest) => {
      const head = await events.headPosition();
      const response = await send(what, method, path, request);
      if (response.status >= 400) await nothingWritten(what, head);
      else if (path.endsWith('/authorizations') && response.status === 201) codes.push(response.json().authorizationCode);
    };

    const operations: Record<string, () => Promise<void>> = {
      'GET Code-True-One': async () => void (await send('GET Code-True-One', 'GET', `${CHECKS}/check/Code-True-One${queryOf(random, { AuthorizationCode: code() })}`)),
      'GET Code-Details-One': async () => void (await send('GET Code-Details-One', 'GET', `${CHECKS}/check/Code-Details-One${queryOf(random, { AuthorizationCode: code() })}`)),
      'GET file': async () => void (await send('GET file', 'GET', `${CHECKS}/file${queryOf(random, { AuthorizationCode: code() })}`)),
      'GET TypeCode-Valid-One': async () =>
        void (await send('GET TypeCode-Valid-One', 'GET', `${CHECKS}/check/TypeCode-Valid-One${queryOf(random, { AuthorizationTypeCode: random.pick(['AT-0000001', 'AT-0000001', 'AT-0000003', 'AT-00001']), AuthorizingIdn: ION, AuthorizedIdn: representative() })}`)),
      'GET Idn-Details-List': async () => {
        const query: Record<string, string> = { IDNx: idn() };
        if (random.chance(0.4)) query.Status = random.pick(['1', '4', '6', '0', '7']);
        if (random.chance(0.3)) query.StartDate = random.pick(['2026-01-01', '2026-06-15T10:00:00.000Z', ...ODD_DATES]);
        if (random.chance(0.3)) query.AuthEndDateorizationTypeCode = random.pick(['2026-12-31', '2026-06-01T00:00:00', ...ODD_DATES]);
        if (random.chance(0.3)) query.GrantedByIdn = idn();
        if (random.chance(0.3)) query.GrantedToIdn = idn();
        if (random.chance(0.3)) query.ItemsPerPage = random.pick(['1', '0', '-5', '2', '99999999999']);
        await send('GET Idn-Details-List', 'GET', `${CHECKS}/check/Idn-Details-List${queryOf(random, query, ODD_DATES)}`);
      },
      'POST authorization': async () => {
        const type = random.pick(['AT-0000001', 'AT-0000002', 'AT-0000003']);
        const body = powerBody({ authorizationTypeCode: type, authorizedIdn: representative(), fromDate: random.pick(['2026-07-01', '2026-06-01T00:00:00Z']), toDate: random.chance(0.7) ? '2026-12-31' : random.pick(ODD_DATES) });
        if (type === 'AT-0000003' || random.chance(0.1)) Object.assign(body, { coSignerIdns: [ELENA], authorizingPartyName: 'Ion' });
        await write('POST authorization', 'POST', `${INTAKE}/authorizations`, jsonRequest(random, random.chance(0.3) ? body : mutated(random, body, ODD_DATES)));
      },
      'POST move': async () => {
        const body = random.pick([{}, { reason: 'because' }, { coSignerIdn: random.pick([ELENA, VICTOR, ION]) }, { sha256: 'a'.repeat(64) }]);
        const subResource = random.pick(SUB_RESOURCES);
        await write('POST move', 'POST', `${INTAKE}/authorizations/${segmentOf(random, code(), 0.2)}/${subResource}`, random.chance(0.2) ? {} : jsonRequest(random, random.chance(0.5) ? body : mutated(random, body)));
      },
      'GET intake': async () => {
        const path = random.pick([`${INTAKE}/authorizations/${segmentOf(random, code(), 0.3)}`, `${INTAKE}/authorizations${queryOf(random, { limit: '5', status: 'Valid', cursor: codes[0] })}`, `${INTAKE}/authorization-types${queryOf(random, { limit: '1', cursor: 'AT-0000001' })}`, `${INTAKE}/authorization-types/${segmentOf(random, 'AT-0000001')}`]);
        await send('GET intake', 'GET', path);
      },
      'POST/PUT type': async () => {
        const definition = { ...TYPE_PLAIN, code: random.pick(['AT-0000001', 'AT-0000005', 'AT-000000x']) };
        const put = random.chance(0.4);
        const { code: typeCode, ...rest } = definition;
        const path = put ? `${INTAKE}/authorization-types/${segmentOf(random, typeCode)}` : `${INTAKE}/authorization-types`;
        await write('POST/PUT type', put ? 'PUT' : 'POST', path, jsonRequest(random, mutated(random, put ? rest : definition)));
      },
      'other method': async () => {
        const path = random.pick([`${CHECKS}/check/Code-True-One?AuthorizationCode=${codes[0]}`, `${CHECKS}/file`, `${INTAKE}/authorizations`, `${INTAKE}/authorizations/${codes[0]}`, `${INTAKE}/authorization-types`, '/clients-api', `${CHECKS}/check`]);
        await write('other method', random.pick(METHODS), path, random.chance(0.5) ? jsonRequest(random, powerBody()) : {});
      },
    };
    const names = Object.keys(operations);
    await runOperations(random, REQUESTS, operations, [...names, 'POST authorization', 'POST move', 'GET Idn-Details-List']);
    if (process.env.FUZZ_VERBOSE) console.log(tally.describe());
    tally.expectBothSides(REQUESTS >= 500 ? names.filter((name) => name !== 'other method') : []);
  });
});
