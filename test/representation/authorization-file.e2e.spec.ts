import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { textOf } from '../support/pdf-text';
import { canonicalJson } from '../../src/representation/file/state-digest';
import type { HttpsClient } from '../support/https-client';
import type { TestPlatform } from '../support/test-platform';
import { act, CHECKS, defineType, ELENA, expectCheckRefusal, expectFits, grant, INTAKE, okData, startRepresentation } from './representation-test-kit';

/** The authorization file: a real PDF of the power at the instant it is issued, with the SHA-256 of that statement, checkable later. */
describe('Power of representation: the authorization file (e2e over mTLS, real PDF)', function () {
  this.timeout(60_000);
  let platform: TestPlatform;
  let clock: Awaited<ReturnType<typeof startRepresentation>>['clock'];
  let institution: HttpsClient;
  let code: string;

  before(async () => {
    ({ platform, clock } = await startRepresentation('2026-06-15T09:00:00.000Z'));
    institution = platform.client('demo-institution');
    await defineType(institution, { code: 'AT-0000003', names: { ro: 'Înstrăinare bun comun' }, requiresCoSigning: true });
    code = await grant(institution, { authorizationTypeCode: 'AT-0000003', coSignerIdns: [ELENA], fromDate: '2026-06-01', toDate: '2026-12-31' });
    await act(institution, code, 'co-signatures', { coSignerIdn: ELENA });
  });
  after(() => platform.stop());

  const file = async (authorizationCode: string) => okData<{ content: string; 'content-type': string }>(await institution.get(`${CHECKS}/file`, { query: { AuthorizationCode: authorizationCode } }), 'file.response.json');
  const verify = (sha256: string) => institution.post(`${INTAKE}/authorizations/${code}/file-verifications`, { body: { sha256 } });

  it('answers a PDF, base64 in the envelope with its content-type, stating the parties, type, dates and status at issue', async () => {
    const data = await file(code);
    expect(data['content-type']).to.equal('application/pdf');
    const pdf = Buffer.from(data.content, 'base64');
    expect(pdf.subarray(0, 5).toString()).to.equal('%PDF-');
    const text = await textOf(pdf);
    for (const expected of [
      `Authorization code ${code}`,
      'Valid (valid: yes)',
      'AT-0000003 Înstrăinare bun comun',
      'Demo public institution (IDNO 1003600000003)',
      'Ion Popescu (natural person, IDNP 2000000000011)',
      'Maria Rusu (natural person, IDNP 2000000000022)',
      'IDNP 2000000000044: signed 2026-06-15T09:00:00.000Z',
      '2026-06-15T09:00:00.000Z (2026-06-15T12:00:00+03:00 Chișinău)',
      '2026-12-31T21:59:59.999Z (2026-12-31T23:59:59+02:00 Chișinău)',
    ]) {
      expect(text).to.include(expected);
    }
  });

  it('prints the SHA-256 of the power\'s state at issue: the digest of its statement, the one GET .../authorizations/{code} gives while nothing changes', async () => {
    const text = await textOf(Buffer.from((await file(code)).content, 'base64'));
    const printed = /\b([0-9a-f]{64})\b/.exec(text)?.[1];
    expect(printed, text).to.be.a('string');
    const view = (await institution.get(`${INTAKE}/authorizations/${code}`)).json();
    expect(view.stateSha256).to.equal(printed);
    const details = okData(await institution.get(`${CHECKS}/check/Code-Details-One`, { query: { AuthorizationCode: code } }), 'code-details-one.response.json');
    const statement = { ...details, status: 'Valid', coSigners: [{ idn: ELENA, signed: true }] };
    expect(createHash('sha256').update(canonicalJson(statement)).digest('hex'), 'a holder can recompute it from the details').to.equal(printed);
  });

  it('a holder checks the file later: it matches while the power stands as stated, and no longer once it changed', async () => {
    const text = await textOf(Buffer.from((await file(code)).content, 'base64'));
    const printed = /\b([0-9a-f]{64})\b/.exec(text)![1];
    clock.advance(3_600_000);
    const still = await verify(printed.toUpperCase());
    expect(still.status, still.text).to.equal(200);
    expectFits('file-verification.response.json', still.json());
    expect(still.json()).to.include({ authorizationCode: code, matches: true, status: 'Valid', isValid: true });
    await act(institution, code, 'suspensions', { reason: 'review' });
    expect((await verify(printed)).json()).to.include({ matches: false, status: 'Suspended', isValid: false });
    const refused = await verify('abc');
    expect(refused.status).to.equal(400);
  });

  it('answers 404 and 400 in the envelope for a code without a power or a malformed one', async () => {
    expectCheckRefusal(await institution.get(`${CHECKS}/file`, { query: { AuthorizationCode: '0000000000000000' } }), 404);
    expectCheckRefusal(await institution.get(`${CHECKS}/file`, { query: { AuthorizationCode: 'abc' } }), 400, /AuthorizationCode must be exactly 16 digits/);
  });
});
