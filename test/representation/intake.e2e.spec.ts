import { expect } from 'chai';
import type { HttpsClient } from '../support/https-client';
import type { TestPlatform } from '../support/test-platform';
import {
  act,
  ANDREI,
  defineType,
  ELENA,
  expectFits,
  expectIntakeRefusal,
  grant,
  INTAKE,
  ION,
  MARIA,
  powerBody,
  startRepresentation,
  TYPE_PLAIN,
  VICTOR,
} from './representation-test-kit';

/** The intake for systems that manage powers (section E): types, powers, every move and its refusals. */
describe('Power of representation: the intake under /api/v1/representation (e2e over mTLS)', function () {
  this.timeout(60_000);
  let platform: TestPlatform;
  let clock: Awaited<ReturnType<typeof startRepresentation>>['clock'];
  let institution: HttpsClient;

  before(async () => {
    ({ platform, clock } = await startRepresentation('2026-06-15T09:00:00.000Z'));
    institution = platform.client('demo-institution');
  });
  // stop() checks every event the platform appended against its contract (schemas/events)
  after(() => platform.stop());

  describe('authorization types (reference data)', () => {
    it('defines a type (201); the same definition again is 200 and records nothing; another one under its code is 409', async () => {
      const first = await institution.post(`${INTAKE}/authorization-types`, { body: TYPE_PLAIN });
      expect(first.status, first.text).to.equal(201);
      expect(first.headers.location).to.equal(`${INTAKE}/authorization-types/AT-0000001`);
      expectFits('authorization-type.response.json', first.json());
      expect((await institution.post(`${INTAKE}/authorization-types`, { body: TYPE_PLAIN })).status).to.equal(200);
      expectIntakeRefusal(await institution.post(`${INTAKE}/authorization-types`, { body: { ...TYPE_PLAIN, requiresAcceptance: true } }), 409, /already defined otherwise/);
    });

    it('changes a type with PUT, never its service provider; reads one and the list page by page', async () => {
      await defineType(institution, { code: 'AT-0000002', names: { ro: 'Depunere cerere' }, requiresAcceptance: true });
      await defineType(institution, { code: 'AT-0000003', names: { ro: 'Înstrăinare' }, requiresCoSigning: true });
      const { code: _code, ...rest } = { ...TYPE_PLAIN, names: { ro: 'Ridicare document', en: 'Pick-up of a document' } };
      const changed = await institution.put(`${INTAKE}/authorization-types/AT-0000001`, { body: rest });
      expect(changed.status, changed.text).to.equal(200);
      expect(changed.json().names.en).to.equal('Pick-up of a document');
      expectIntakeRefusal(await institution.put(`${INTAKE}/authorization-types/AT-0000001`, { body: { ...rest, serviceProviderIdno: '1003600000010' } }), 409, /belongs to its service provider/);
      expectIntakeRefusal(await institution.put(`${INTAKE}/authorization-types/AT-0009999`, { body: rest }), 404, /no authorization type has the code AT-0009999/);
      const one = await institution.get(`${INTAKE}/authorization-types/AT-0000003`);
      expect(one.json()).to.include({ code: 'AT-0000003', requiresCoSigning: true });
      const page = await institution.get(`${INTAKE}/authorization-types`, { query: { limit: 2 } });
      expectFits('authorization-type-list.response.json', page.json());
      expect(page.json().items.map((type: { code: string }) => type.code)).to.deep.equal(['AT-0000001', 'AT-0000002']);
      const next = await institution.get(`${INTAKE}/authorization-types`, { query: { limit: 2, cursor: page.json().nextCursor } });
      expect(next.json()).to.deep.include({ nextCursor: '' });
      expect(next.json().items.map((type: { code: string }) => type.code)).to.deep.equal(['AT-0000003']);
    });

    it('refuses a malformed definition with 400 naming the fields', async () => {
      expectIntakeRefusal(await institution.post(`${INTAKE}/authorization-types`, { body: { ...TYPE_PLAIN, code: 'AT-1', extra: 1 } }), 400, /code.*"AT-" followed by 7.*extra.*not a known member/);
      expectIntakeRefusal(await institution.post(`${INTAKE}/authorization-types`, { body: { ...TYPE_PLAIN, names: {} } }), 400, /names\.ro.*is required/);
    });
  });

  describe('powers', () => {
    it('creates a power (201 with its code, status and Location); a type needing neither acceptance nor co-signers is granted at once', async () => {
      const response = await institution.post(`${INTAKE}/authorizations`, { body: powerBody() });
      expect(response.status, response.text).to.equal(201);
      const body = response.json();
      expectFits('authorization.response.json', body);
      expect(body.authorizationCode).to.match(/^[0-9]{16}$/);
      expect(body).to.include({ status: 'Pending', statusCode: 3, isValid: false });
      expect(response.headers.location).to.equal(`${INTAKE}/authorizations/${body.authorizationCode}`);
    });

    it('reads a power whole, with the digest a file issued now would print', async () => {
      const code = await grant(institution, { fromDate: '2026-06-01', toDate: '2026-12-31' });
      const view = await institution.get(`${INTAKE}/authorizations/${code}`);
      expectFits('authorization-view.response.json', view.json());
      expect(view.json()).to.deep.include({ status: 'Valid', isValid: true, authorizing: { partyType: 1, idn: ION, name: 'Ion Popescu' }, validFrom: '2026-06-15T09:00:00.000Z', requestedFromDate: '2026-05-31T21:00:00.000Z' });
      expectIntakeRefusal(await institution.get(`${INTAKE}/authorizations/0000000000000000`), 404);
      expectIntakeRefusal(await institution.get(`${INTAKE}/authorizations/123`), 400, /code must be exactly 16 digits/);
    });

    it('refuses what breaks the rules: an unknown type (404), the same party twice, an end before the start or in the past, missing members (400)', async () => {
      expectIntakeRefusal(await institution.post(`${INTAKE}/authorizations`, { body: powerBody({ authorizationTypeCode: 'AT-0009999' }) }), 404, /AT-0009999/);
      expectIntakeRefusal(await institution.post(`${INTAKE}/authorizations`, { body: powerBody({ authorizedIdn: ION }) }), 400, /authorizedIdn.*must differ from authorizingIdn/);
      expectIntakeRefusal(await institution.post(`${INTAKE}/authorizations`, { body: powerBody({ toDate: '2026-06-30' }) }), 400, /toDate.*later than fromDate/);
      expectIntakeRefusal(await institution.post(`${INTAKE}/authorizations`, { body: powerBody({ fromDate: '2026-01-01', toDate: '2026-06-14' }) }), 400, /toDate.*in the future/);
      expectIntakeRefusal(await institution.post(`${INTAKE}/authorizations`, { body: powerBody({ fromDate: '2026-06-10T00:00:00' }) }), 400, /fromDate/);
      const { authorizedIdn: _left, ...withoutRepresentative } = powerBody();
      expectIntakeRefusal(await institution.post(`${INTAKE}/authorizations`, { body: withoutRepresentative }), 400, /authorizedIdn.*is required/);
      expectIntakeRefusal(await institution.post(`${INTAKE}/authorizations`, { body: powerBody({ authorizingPartyType: 3 }) }), 400, /authorizingPartyType/);
      expectIntakeRefusal(await institution.post(`${INTAKE}/authorizations`, { body: '{"authorizationTypeCode":', headers: { 'content-type': 'application/json' } }), 400, /not valid JSON/);
    });

    it('co-signers: a type that needs them keeps the power a Draft until each has signed; the last signature grants it', async () => {
      expectIntakeRefusal(await institution.post(`${INTAKE}/authorizations`, { body: powerBody({ authorizationTypeCode: 'AT-0000003' }) }), 400, /needs co-signers/);
      expectIntakeRefusal(await institution.post(`${INTAKE}/authorizations`, { body: powerBody({ coSignerIdns: [ELENA] }) }), 400, /takes no co-signers/);
      const code = await grant(institution, { authorizationTypeCode: 'AT-0000003', coSignerIdns: [ELENA, VICTOR] });
      const first = await act(institution, code, 'co-signatures', { coSignerIdn: ELENA });
      expect(first.status, first.text).to.equal(201);
      expect(first.json()).to.include({ status: 'Draft' });
      expectIntakeRefusal(await act(institution, code, 'co-signatures', { coSignerIdn: ANDREI }), 400, /not a co-signer/);
      expectIntakeRefusal(await act(institution, code, 'acceptances'), 409, /Draft cannot be accepted/);
      const last = await act(institution, code, 'co-signatures', { coSignerIdn: VICTOR });
      expect(last.json()).to.include({ status: 'Pending' });
      expectIntakeRefusal(await act(institution, code, 'co-signatures', { coSignerIdn: ELENA }), 409, /Pending cannot be co-signed/);
    });

    it('acceptance: a type that needs it keeps the power PendingAcceptance until the representative accepts', async () => {
      const code = await grant(institution, { authorizationTypeCode: 'AT-0000002', fromDate: '2026-06-01', toDate: '2026-09-01' });
      const status = async () => (await institution.get(`${INTAKE}/authorizations/${code}`)).json().status;
      expect(await status()).to.equal('PendingAcceptance');
      expectIntakeRefusal(await act(institution, code, 'suspensions'), 409, /PendingAcceptance cannot be suspended; only one that is Valid can/);
      const accepted = await act(institution, code, 'acceptances');
      expect(accepted.status).to.equal(201);
      expect(accepted.json()).to.include({ status: 'Valid', isValid: true, fromDate: '2026-06-15T09:00:00.000Z' });
      expectIntakeRefusal(await act(institution, code, 'acceptances'), 409, /Valid cannot be accepted/);
    });

    it('suspension, resumption, revocation; every move the status does not allow is 409 with the reason', async () => {
      const code = await grant(institution, { authorizedIdn: ANDREI, fromDate: '2026-06-01', toDate: '2026-09-01' });
      expectIntakeRefusal(await act(institution, code, 'resumptions'), 409, /Valid cannot be resumed/);
      const suspended = await act(institution, code, 'suspensions', { reason: 'under review' });
      expect(suspended.json()).to.include({ status: 'Suspended', statusCode: 5, isValid: false, fromDate: '2026-06-15T09:00:00.000Z', toDate: null });
      expectIntakeRefusal(await act(institution, code, 'suspensions'), 409, /Suspended cannot be suspended/);
      clock.advance(60_000);
      const resumed = await act(institution, code, 'resumptions', {});
      expect(resumed.json()).to.include({ status: 'Valid', isValid: true });
      const revoked = await act(institution, code, 'revocations', { reason: 'no longer needed' });
      expect(revoked.status).to.equal(201);
      expect(revoked.json()).to.include({ status: 'Canceled', statusCode: 6, isValid: false, fromDate: '2026-06-15T09:01:00.000Z', toDate: null });
      for (const move of ['revocations', 'renunciations', 'suspensions', 'resumptions', 'acceptances']) expectIntakeRefusal(await act(institution, code, move), 409, /Canceled cannot be/);
      expect((await institution.get(`${INTAKE}/authorizations/${code}`)).json().ended).to.deep.equal({ by: 'revoked', at: '2026-06-15T09:01:00.000Z', reason: 'no longer needed' });
    });

    it('renunciation by the representative; a move on a power nobody has is 404; a malformed body 400', async () => {
      const code = await grant(institution, { authorizedIdn: MARIA, fromDate: '2026-06-01', toDate: '2026-09-01' });
      expect((await act(institution, code, 'renunciations', { reason: 'I decline' })).json()).to.include({ status: 'Canceled' });
      expectIntakeRefusal(await act(institution, '0000000000000000', 'revocations'), 404);
      expectIntakeRefusal(await act(institution, code, 'revocations', { reason: 'x'.repeat(501) }), 400, /reason/);
      expectIntakeRefusal(await act(institution, code, 'acceptances', { extra: true }), 400, /extra.*not a known member/);
    });

    it('lists the powers the client sees by code, cursor paging, with a status filter, without anyone\'s data', async () => {
      const first = await institution.get(`${INTAKE}/authorizations`, { query: { limit: 3 } });
      expectFits('authorization-list.response.json', first.json());
      expect(first.json().items).to.have.length(3);
      const seen = [...first.json().items];
      let cursor = first.json().nextCursor;
      while (cursor) {
        const page = await institution.get(`${INTAKE}/authorizations`, { query: { limit: 3, cursor } });
        seen.push(...page.json().items);
        cursor = page.json().nextCursor;
      }
      const codes = seen.map((item) => item.authorizationCode);
      expect(codes).to.deep.equal([...codes].sort());
      expect(new Set(codes).size).to.equal(codes.length);
      const canceled = await institution.get(`${INTAKE}/authorizations`, { query: { status: 'Canceled' } });
      expect(canceled.json().items.map((item: { status: string }) => item.status)).to.have.length(2).and.satisfy((statuses: string[]) => statuses.every((status) => status === 'Canceled'));
      expectIntakeRefusal(await institution.get(`${INTAKE}/authorizations`, { query: { limit: 201 } }), 400, /limit/);
      expectIntakeRefusal(await institution.get(`${INTAKE}/authorizations`, { query: { status: 'Expired' } }), 400, /status/);
    });
  });
});
