import { expect } from 'chai';
import { fixedClock } from '../../src/platform/clock';
import type { ProblemError } from '../../src/platform/errors';
import { LogUnavailableError } from '../../src/platform/event-store/event-store';
import { envelopedRefusal } from '../../src/representation/routes/envelope';
import { createRepresentationModule } from '../../src/representation/module';
import type { HttpsClient } from '../support/https-client';
import { TestPlatform } from '../support/test-platform';
import {
  act,
  check,
  CHECKS,
  CONSTRUCT_IDNO,
  defineType,
  expectCheckRefusal,
  expectIntakeRefusal,
  grant,
  INTAKE,
  ION,
  MARIA,
  okData,
  powerBody,
  REPRESENTATION_CLIENTS,
  startRepresentation,
  TYPE_PLAIN,
} from './representation-test-kit';

/**
 * Who sees and may do what: the endpoints a client's registry entry allows (AllowedEndpoints), the powers
 * of its own service provider unless it has view-all (ViewAllAuthorizations), 401 for an unknown caller;
 * and every read of a person's data registered as a legal event the event-logging service finds.
 */
describe('Power of representation: rights, scopes and personal-data logging (e2e over mTLS)', function () {
  this.timeout(60_000);
  let platform: TestPlatform;
  let institution: HttpsClient;
  let partner: HttpsClient;
  let construct: HttpsClient;
  let ours: string;
  let theirs: string;

  before(async () => {
    ({ platform } = await startRepresentation('2026-06-15T09:00:00.000Z'));
    institution = platform.client('demo-institution');
    partner = platform.client('mpower-partner');
    construct = platform.client('mpower-construct');
    await defineType(partner);
    await defineType(construct, { code: 'AT-0000004', serviceProviderIdno: CONSTRUCT_IDNO, serviceProviderName: 'SRL Demo Construct' });
    ours = await grant(partner, { fromDate: '2026-06-01', toDate: '2026-12-31' });
    theirs = await grant(construct, { authorizationTypeCode: 'AT-0000004', fromDate: '2026-06-01', toDate: '2026-12-31' });
  });
  after(() => platform.stop());

  it('a client without view-all sees its own service provider\'s powers and gets 403 in the envelope for another\'s', async () => {
    expect(okData(await check(partner, 'Code-True-One', { AuthorizationCode: ours }), 'code-true-one.response.json')).to.equal(true);
    expectCheckRefusal(await check(partner, 'Code-True-One', { AuthorizationCode: theirs }), 403, /^AccessDenied: the power of representation \d{16} belongs to another service provider/);
    expectCheckRefusal(await check(construct, 'Code-Details-One', { AuthorizationCode: ours }), 403);
    expectCheckRefusal(await construct.get(`${CHECKS}/file`, { query: { AuthorizationCode: ours } }), 403);
  });

  it('lists only the powers it sees; TypeCode-Valid-One is 403 when it sees none of the two parties\' powers of the type', async () => {
    const listed = (client: HttpsClient) => check(client, 'Idn-Details-List', { IDNx: ION }).then((response) => okData<{ authorizationCode: string }[]>(response, 'idn-details-list.response.json').map((details) => details.authorizationCode));
    expect(await listed(partner)).to.deep.equal([ours]);
    expect(await listed(construct)).to.deep.equal([theirs]);
    expect(new Set(await listed(institution))).to.deep.equal(new Set([ours, theirs]));
    expectCheckRefusal(await check(partner, 'TypeCode-Valid-One', { AuthorizationTypeCode: 'AT-0000004', AuthorizingIdn: ION, AuthorizedIdn: MARIA }), 403);
    expect(okData(await check(institution, 'TypeCode-Valid-One', { AuthorizationTypeCode: 'AT-0000004', AuthorizingIdn: ION, AuthorizedIdn: MARIA }), 'type-code-valid-one.response.json')).to.deep.equal({ authorizationCode: theirs, isValid: true });
  });

  it('a client with no IDNO and no view-all sees no power', async () => {
    const orphan = platform.client('mpower-no-idno');
    expectCheckRefusal(await check(orphan, 'Code-True-One', { AuthorizationCode: ours }), 403);
    expect(okData(await check(orphan, 'Idn-Details-List', { IDNx: ION }), 'idn-details-list.response.json')).to.deep.equal([]);
    expect((await orphan.get(`${INTAKE}/authorizations`)).json().items).to.deep.equal([]);
  });

  it('the intake keeps the same scope: another provider\'s power or type cannot be read, acted on or defined', async () => {
    expectIntakeRefusal(await partner.get(`${INTAKE}/authorizations/${theirs}`), 403);
    expectIntakeRefusal(await act(partner, theirs, 'revocations'), 403);
    expectIntakeRefusal(await partner.post(`${INTAKE}/authorizations`, { body: powerBody({ authorizationTypeCode: 'AT-0000004' }) }), 403);
    expectIntakeRefusal(await partner.post(`${INTAKE}/authorization-types`, { body: { ...TYPE_PLAIN, code: 'AT-0000009', serviceProviderIdno: CONSTRUCT_IDNO } }), 403);
    expectIntakeRefusal(await partner.get(`${INTAKE}/authorization-types/AT-0000004`), 403);
    const types = (await partner.get(`${INTAKE}/authorization-types`)).json().items.map((type: { code: string }) => type.code);
    expect(types).to.deep.equal(['AT-0000001']);
    const listed = (await partner.get(`${INTAKE}/authorizations`)).json().items.map((item: { authorizationCode: string }) => item.authorizationCode);
    expect(listed).to.deep.equal([ours]);
  });

  it('an endpoint the registry entry does not allow is 403, in the envelope under /clients-api', async () => {
    const trueOne = platform.client('mpower-true-one');
    expect(okData(await check(trueOne, 'Code-True-One', { AuthorizationCode: ours }), 'code-true-one.response.json')).to.equal(true);
    expectCheckRefusal(await check(trueOne, 'Code-Details-One', { AuthorizationCode: ours }), 403, /^AccessDenied: client mpower-true-one may not call \/api\/Authorization\/check\/Code-Details-One in representation$/);
    expectCheckRefusal(await check(trueOne, 'Idn-Details-List', { IDNx: ION }), 403);
    expectCheckRefusal(await check(trueOne, 'TypeCode-Valid-One', { AuthorizationTypeCode: 'AT-0000001', AuthorizingIdn: ION, AuthorizedIdn: MARIA }), 403);
    expectCheckRefusal(await trueOne.get(`${CHECKS}/file`, { query: { AuthorizationCode: ours } }), 403);
    expectIntakeRefusal(await trueOne.get(`${INTAKE}/authorizations`), 403, /may not authorizations:manage/);
    expectIntakeRefusal(await platform.client('demo-producer').post(`${INTAKE}/authorization-types`, { body: TYPE_PLAIN }), 403);
  });

  it('an unknown caller is 401 (AuthenticationFailed in the envelope under /clients-api)', async () => {
    expectCheckRefusal(await check(platform.stranger('unregistered'), 'Code-True-One', { AuthorizationCode: ours }), 401, /^AuthenticationFailed: the client could not be identified/);
    expectCheckRefusal(await check(platform.anonymous(), 'Code-True-One', { AuthorizationCode: ours }), 401);
    expectIntakeRefusal(await platform.anonymous().get(`${INTAKE}/authorizations`), 401);
  });

  it('registers every read of a person\'s data as MPower.PersonalData.Access, which the event-logging service finds for that person; Code-True-One shows no one\'s', async () => {
    const accessesOf = async (subject: string) => {
      const response = await institution.post('/api/v1/personal-data-accesses/searches', { body: { subject, legalBasis: 'test' } });
      expect(response.status, response.text).to.equal(200);
      return (response.json().items as Record<string, unknown>[]).filter((fields) => fields.event_type === 'MPower.PersonalData.Access');
    };
    const before = (await accessesOf(MARIA)).length;
    await check(partner, 'Code-True-One', { AuthorizationCode: ours });
    expect(await accessesOf(MARIA)).to.have.length(before);
    await check(partner, 'Code-Details-One', { AuthorizationCode: ours });
    await check(partner, 'TypeCode-Valid-One', { AuthorizationTypeCode: 'AT-0000001', AuthorizingIdn: ION, AuthorizedIdn: MARIA });
    await check(partner, 'Idn-Details-List', { IDNx: MARIA });
    await partner.get(`${CHECKS}/file`, { query: { AuthorizationCode: ours } });
    await partner.get(`${INTAKE}/authorizations/${ours}`);
    const accesses = (await accessesOf(MARIA)).slice(before);
    expect(accesses.map((fields) => fields.legal_reason)).to.have.members(['Code-Details-One', 'TypeCode-Valid-One', 'Idn-Details-List', 'Authorization file', 'Authorization (intake)']);
    for (const fields of accesses) {
      expect(fields).to.include({ event_type: 'MPower.PersonalData.Access', legal_entity: '1003600000003', object: ours, object_type: 'PowerOfRepresentation', user: 'mpower-partner' });
      expect(fields.subject, 'as the subject searched for sees it').to.equal(MARIA);
    }
  });
});

describe('Power of representation: server errors in the envelope (e2e over mTLS)', function () {
  this.timeout(60_000);

  it('answers 501 in the envelope when an answer cannot be given (no event-logging service to register the access), the fault kept out of the body', async () => {
    const platform = await TestPlatform.start({ clock: fixedClock(new Date('2026-06-15T09:00:00.000Z')), extraClients: REPRESENTATION_CLIENTS, services: [createRepresentationModule()] });
    try {
      const institution = platform.client('demo-institution');
      await defineType(institution);
      const code = await grant(institution, { fromDate: '2026-06-01', toDate: '2026-12-31' });
      expect(okData(await check(institution, 'Code-True-One', { AuthorizationCode: code }), 'code-true-one.response.json')).to.equal(true);
      const response = await check(institution, 'Code-Details-One', { AuthorizationCode: code });
      expectCheckRefusal(response, 501, /^ServerError: a server error occurred; contact the administrator, quoting the traceId$/);
      expect(response.text).to.not.match(/event-logging|legal events/);
    } finally {
      await platform.stop();
    }
  });

  it('the mapping of the two server errors: 500 when the log cannot be reached (with Retry-After), 501 otherwise', async () => {
    const unreachable = envelopedRefusal(new LogUnavailableError('disk I/O error')) as ProblemError;
    expect(unreachable).to.include({ status: 500 });
    expect(unreachable.headers).to.deep.equal({ 'retry-after': '10' });
    expect(unreachable.extensions).to.deep.equal({ data: null, success: false, messages: ['ServerError: the service cannot reach its database now; send the request again later'] });
    expect((envelopedRefusal(new TypeError('x is undefined')) as ProblemError).status).to.equal(501);
  });
});
