import { expect } from 'chai';
import type { HttpsClient } from '../support/https-client';
import type { TestPlatform } from '../support/test-platform';
import {
  ANDREI,
  check,
  CHECKS,
  defineType,
  ELENA,
  expectCheckRefusal,
  grant,
  INTAKE,
  ION,
  MARIA,
  okData,
  startRepresentation,
  VICTOR,
  act,
} from './representation-test-kit';

/** The seed's checks over mTLS: parameters, rules, answers in the envelope, refusals in it too. */
describe('Power of representation: the checks under /clients-api (e2e over mTLS)', function () {
  this.timeout(60_000);
  let platform: TestPlatform;
  let institution: HttpsClient;
  let valid: string;
  let pending: string;
  let clock: Awaited<ReturnType<typeof startRepresentation>>['clock'];

  before(async () => {
    ({ platform, clock } = await startRepresentation('2026-06-15T09:00:00.000Z'));
    institution = platform.client('demo-institution');
    await defineType(institution);
    await defineType(institution, { code: 'AT-0000002', names: { ro: 'Depunere cerere' }, requiresAcceptance: true });
    valid = await grant(institution, { fromDate: '2026-06-01T00:00:00Z', toDate: '2026-12-31' });
    clock.advance(1000);
    pending = await grant(institution, { authorizedIdn: ANDREI, fromDate: '2026-07-01', toDate: '2026-07-31' });
  });
  after(() => platform.stop());

  describe('Code-True-One', () => {
    it('answers true for a valid power and false for one not valid yet, in the envelope', async () => {
      expect(okData(await check(institution, 'Code-True-One', { AuthorizationCode: valid }), 'code-true-one.response.json')).to.equal(true);
      expect(okData(await check(institution, 'Code-True-One', { AuthorizationCode: pending }), 'code-true-one.response.json')).to.equal(false);
    });

    it('binds the parameter in any letter case, as ASP.NET does', async () => {
      for (const name of ['authorizationCode', 'AUTHORIZATIONCODE', 'authorizationcode']) {
        expect(okData(await check(institution, 'Code-True-One', { [name]: valid }), 'code-true-one.response.json')).to.equal(true);
      }
    });

    it('refuses a code that is not 16 digits, or none, with 400 in the envelope naming the parameter', async () => {
      for (const bad of ['123', '12345678901234567', '01234567890123ab', ' 0123456789012345']) {
        expectCheckRefusal(await check(institution, 'Code-True-One', { AuthorizationCode: bad }), 400, /^InvalidParameter: AuthorizationCode must be exactly 16 digits/);
      }
      expectCheckRefusal(await institution.get(`${CHECKS}/check/Code-True-One`), 400, /InvalidParameter: AuthorizationCode is required/);
      expectCheckRefusal(await institution.get(`${CHECKS}/check/Code-True-One?AuthorizationCode=${valid}&authorizationCode=${valid}`), 400, /given more than once/);
    });

    it('answers 404 in the envelope for a code no power has, leading zeros and all', async () => {
      const response = await check(institution, 'Code-True-One', { AuthorizationCode: '0000000000000001' });
      expectCheckRefusal(response, 404, /^NotFound: no power of representation has the authorization code 0000000000000001$/);
      expect(response.json()).to.include({ data: null, success: false, title: 'Not Found', instance: `${CHECKS}/check/Code-True-One` });
    });
  });

  describe('Code-Details-One', () => {
    it('answers the seed\'s AuthorizationDetails: a valid power\'s window, the parties and their names, the type and its provider', async () => {
      const details = okData(await check(institution, 'Code-Details-One', { AuthorizationCode: valid }), 'code-details-one.response.json');
      expect(details).to.deep.equal({
        authorizationCode: valid,
        authorizationTypeCode: 'AT-0000001',
        authorizingPartyType: 1,
        authorizingIdn: ION,
        authorizedPartyType: 1,
        authorizedIdn: MARIA,
        fromDate: '2026-06-15T09:00:00.000Z',
        toDate: '2026-12-31T21:59:59.999Z',
        isValid: true,
        authorizingPartyName: 'Ion Popescu',
        authorizedPartyName: 'Maria Rusu',
        authorizationTypeName: 'Ridicare document',
        serviceProviderIdno: '1003600000003',
        serviceProviderName: 'Demo public institution',
      });
    });

    it('answers a power not valid yet with isValid false, since when it has been so, and no toDate', async () => {
      const details = okData(await check(institution, 'Code-Details-One', { authorizationcode: pending }), 'code-details-one.response.json');
      expect(details).to.include({ isValid: false, fromDate: '2026-06-15T09:00:01.000Z', toDate: null });
    });

    it('takes the names the managing system sends', async () => {
      const named = await grant(institution, { authorizingIdn: '2999999999999', authorizingPartyName: 'Ana Ceban', authorizedIdn: VICTOR, toDate: '2026-08-01' });
      expect(okData(await check(institution, 'Code-Details-One', { AuthorizationCode: named }), 'code-details-one.response.json')).to.include({ authorizingPartyName: 'Ana Ceban', authorizedPartyName: 'Victor Moraru' });
    });
  });

  describe('TypeCode-Valid-One', () => {
    it('answers the valid power of the type between the two parties', async () => {
      const data = okData(await check(institution, 'TypeCode-Valid-One', { AuthorizationTypeCode: 'AT-0000001', AuthorizingIdn: ION, AuthorizedIdn: MARIA }), 'type-code-valid-one.response.json');
      expect(data).to.deep.equal({ authorizationCode: valid, isValid: true });
    });

    it('answers the latest power, invalid, when none of them is valid now', async () => {
      const data = okData(await check(institution, 'TypeCode-Valid-One', { authorizationTypeCode: 'AT-0000001', authorizingIdn: ION, authorizedIdn: ANDREI }), 'type-code-valid-one.response.json');
      expect(data).to.deep.equal({ authorizationCode: pending, isValid: false });
    });

    it('answers 404 when the parties have no power of that type, and 400 for a malformed type code or IDN', async () => {
      expectCheckRefusal(await check(institution, 'TypeCode-Valid-One', { AuthorizationTypeCode: 'AT-0000002', AuthorizingIdn: ION, AuthorizedIdn: MARIA }), 404, /^NotFound: no power of representation of type AT-0000002/);
      expectCheckRefusal(await check(institution, 'TypeCode-Valid-One', { AuthorizationTypeCode: 'AT-000001', AuthorizingIdn: ION, AuthorizedIdn: MARIA }), 400, /AuthorizationTypeCode must be "AT-" followed by 7/);
      expectCheckRefusal(await check(institution, 'TypeCode-Valid-One', { AuthorizationTypeCode: 'XX-0000001', AuthorizingIdn: ION, AuthorizedIdn: MARIA }), 400, /AuthorizationTypeCode/);
      const response = await check(institution, 'TypeCode-Valid-One', { AuthorizationTypeCode: 'AT-0000001', AuthorizingIdn: '200000000001', AuthorizedIdn: 'x' });
      expectCheckRefusal(response, 400);
      expect(response.json().messages).to.deep.equal(['InvalidParameter: AuthorizingIdn must be exactly 13 digits (an IDNP or IDNO)', 'InvalidParameter: AuthorizedIdn must be exactly 13 digits (an IDNP or IDNO)']);
    });
  });

  describe('Idn-Details-List', () => {
    let construct: string;
    before(async () => {
      clock.advance(1000);
      construct = await grant(institution, { authorizingPartyType: 2, authorizingIdn: '1003600000010', authorizedIdn: ION, fromDate: '2026-06-01', toDate: '2026-09-30' });
      await act(institution, pending, 'revocations', { reason: 'changed my mind' });
    });
    const list = (query: Record<string, string | number>) => check(institution, 'Idn-Details-List', query);
    const codes = (data: { authorizationCode: string }[]) => data.map((details) => details.authorizationCode);

    it('lists the powers an IDN granted and received, newest first', async () => {
      expect(codes(okData(await list({ IDNx: ION }), 'idn-details-list.response.json'))).to.deep.equal([construct, pending, valid]);
      expect(codes(okData(await list({ IDNx: MARIA }), 'idn-details-list.response.json'))).to.deep.equal([valid]);
      expect(okData(await list({ IDNx: ELENA }), 'idn-details-list.response.json')).to.deep.equal([]);
    });

    it('filters by status at this instant (6 Canceled, 4 Valid), type, granted by and granted to', async () => {
      expect(codes(okData(await list({ IDNx: ION, Status: 6 }), 'idn-details-list.response.json'))).to.deep.equal([pending]);
      expect(codes(okData(await list({ IDNx: ION, Status: 4 }), 'idn-details-list.response.json'))).to.deep.equal([construct, valid]);
      expect(codes(okData(await list({ IDNx: ION, Status: 3 }), 'idn-details-list.response.json'))).to.deep.equal([]);
      expect(codes(okData(await list({ IDNx: ION, AuthorizationTypeCode: 'AT-0000002' }), 'idn-details-list.response.json'))).to.deep.equal([]);
      expect(codes(okData(await list({ IDNx: ION, GrantedByIdn: ION }), 'idn-details-list.response.json'))).to.deep.equal([pending, valid]);
      expect(codes(okData(await list({ IDNx: ION, GrantedToIdn: ION }), 'idn-details-list.response.json'))).to.deep.equal([construct]);
    });

    it('filters by StartDate (fromDate at or after it) and the misspelt end filter AuthEndDateorizationTypeCode (toDate at or before it)', async () => {
      expect(codes(okData(await list({ IDNx: ION, StartDate: '2026-06-15' }), 'idn-details-list.response.json'))).to.deep.equal([pending]);
      expect(codes(okData(await list({ IDNx: ION, AuthEndDateorizationTypeCode: '2026-10-01T00:00:00' }), 'idn-details-list.response.json'))).to.deep.equal([construct, pending]);
      expect(codes(okData(await list({ IDNx: ION, StartDate: '2026-05-01T00:00:00.000Z', AuthEndDateorizationTypeCode: '2026-09-30T21:59:59.9990000Z' }), 'idn-details-list.response.json'))).to.deep.equal([construct, pending]);
    });

    it('refuses GrantedByIdn equal to GrantedToIdn, a StartDate after the end filter, a date the calendar lacks, an unknown status', async () => {
      expectCheckRefusal(await list({ IDNx: ION, GrantedByIdn: ION, GrantedToIdn: ION }), 400, /^InvalidParameter: GrantedToIdn must differ from GrantedByIdn$/);
      expectCheckRefusal(await list({ IDNx: ION, StartDate: '2026-07-01', AuthEndDateorizationTypeCode: '2026-06-30' }), 400, /StartDate must not be later than AuthEndDateorizationTypeCode/);
      expectCheckRefusal(await list({ IDNx: ION, StartDate: '2026-02-30' }), 400, /StartDate is not a date the calendar has/);
      expectCheckRefusal(await list({ IDNx: ION, StartDate: 'yesterday' }), 400, /StartDate must be a UTC date or date-time/);
      expectCheckRefusal(await list({ IDNx: ION, Status: 7 }), 400, /Status must be one of 1, 2, 3, 4, 5, 6/);
      expectCheckRefusal(await list({ IDNx: ION, ItemsPerPage: 'two' }), 400, /ItemsPerPage must be an integer/);
      expectCheckRefusal(await list({ Status: 4 }), 400, /IDNx is required/);
    });

    it('takes ItemsPerPage as the page to show: zero or negative the first, past the last none', async () => {
      const many = await Promise.all(Array.from({ length: 22 }, (_, index) => grant(institution, { authorizingIdn: ELENA, authorizedIdn: `2100000000${String(index).padStart(3, '0')}`, toDate: '2026-08-01' })));
      const page = async (ItemsPerPage?: number) => codes(okData(await list(ItemsPerPage === undefined ? { IDNx: ELENA } : { IDNx: ELENA, ItemsPerPage }), 'idn-details-list.response.json'));
      const first = await page();
      expect(first).to.have.length(20);
      expect(await page(1)).to.deep.equal(first);
      expect(await page(0)).to.deep.equal(first);
      expect(await page(-3)).to.deep.equal(first);
      const second = await page(2);
      expect(second).to.have.length(2);
      expect(new Set([...first, ...second])).to.deep.equal(new Set(many));
      expect(await page(3)).to.deep.equal([]);
      expect(await page(2147483647)).to.deep.equal([]);
    });
  });

  describe('unknown paths and methods', () => {
    it('answers 404 in the envelope under /clients-api', async () => {
      expectCheckRefusal(await institution.get(`${CHECKS}/check/Code-False-One`), 404, /NotFound: no resource at GET/);
      expectCheckRefusal(await institution.post(`${CHECKS}/check/Code-True-One?AuthorizationCode=${valid}`), 404);
    });

    it('answers the intake\'s unknown paths with plain problem details', async () => {
      const response = await institution.get(`${INTAKE}/nothing-here`);
      expect(response.status).to.equal(404);
      expect(response.json()).to.not.have.property('success');
    });
  });
});
