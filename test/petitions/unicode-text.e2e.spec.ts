import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { CommandHandler } from '../../src/platform/decider';
import { petitionDecider } from '../../src/petitions/petition/decider';
import { outcomesOf } from '../../src/petitions/petition/response-states';
import { toPetitionStreamId } from '../../src/petitions/petition/stream';
import { PETITIONS_SOURCE } from '../../src/petitions/service';
import { readYourWrites } from '../../src/platform/projections/read-your-writes';
import { bearer, closing, expectProblem, file, filing, headOf, ownerToken, OFFICER, PDF_BASE64, PERSON, register, registration, startPetitionsPlatform, writtenSince, type PetitionsPlatform } from './petitions-test-kit';

/**
 * Text that is not Unicode: JSON lets a lone surrogate be written as an escape ("\ud800"). The petition
 * service refuses it in every body, as the exchange and the event log do, and a file name an earlier
 * version kept with one still downloads (Content-Disposition cannot carry it: it was a 500).
 */
describe('Petitions: lone surrogates in the text of a request (e2e over mTLS)', function () {
  this.timeout(120_000);
  let p: PetitionsPlatform;

  before(async () => {
    p = await startPetitionsPlatform();
  });
  after(() => p.platform.stop());

  it('refuses a lone surrogate in any member of any body with 400 InvalidParameter naming the member, and writes nothing', async () => {
    const registered = await file(p.portal);
    await register(p.institution, registered);
    const submitted = await file(p.portal);
    const document = (fileName: string) => ({ fileName, contentType: 'application/pdf', content: PDF_BASE64 });
    const cases: [string, string, object, string][] = [
      ['POST intake', '/api/v1/petitions', filing({ subject: 'Iluminat \ud800' }), 'subject'],
      ['POST intake', '/api/v1/petitions', filing({ requestorName: 'Ion \udc00 Popescu' }), 'requestorName'],
      ['POST intake', '/api/v1/petitions', filing({ attachments: [{ fileName: 'a\ud800.txt', contentType: 'text/plain', content: 'YQ==' }] }), 'attachments.0.fileName'],
      ['POST register', '/petitie/authority/petitions/register', registration(submitted, { registrationNumber: 'REG-\ud800' }), 'registrationNumber'],
      ['POST close', '/petitie/authority/petitions/close', closing(registered, { file: document('r\ud800.pdf') }), 'file.fileName'],
      ['POST close', '/petitie/authority/petitions/close', closing(registered, { petitionExitNumber: '\udfff' }), 'petitionExitNumber'],
      ['POST term extension', `/api/v1/petitions/${registered}/term-extensions`, { extensionDays: 5, decisionNumber: 'D-1', reason: 'x\ud800', file: document('d.pdf') }, 'reason'],
      ['POST redirection', `/api/v1/petitions/${submitted}/redirections`, { competentAuthorityIdno: '1007600000021', reason: '\ud800' }, 'reason'],
    ];
    for (const [what, path, body, member] of cases) {
      const head = await headOf(p.platform);
      const response = await p.institution.post(path, { body });
      const problem = expectProblem(response, 400, 'InvalidParameter');
      expect(Object.keys(problem.errors), `${what} ${response.text}`).to.deep.equal([member]);
      expect(await writtenSince(p.platform, head), `${what} was refused but wrote`).to.deep.equal([]);
    }
    // the same bodies with the surrogates paired (a real character) are taken
    expect((await p.institution.post('/api/v1/petitions', { body: filing({ subject: 'Iluminat 👍🏽' }) })).status).to.equal(201);
  });

  it("downloads a response whose file name was kept with a lone surrogate (before the rule), naming it with U+FFFD", async () => {
    const number = await file(p.portal);
    await register(p.institution, number);
    // what an earlier version kept: the close went through with the name as sent
    const bytes = Buffer.from(PDF_BASE64, 'base64');
    const { sha256, size } = await p.platform.platform.stores.blobs.put(bytes);
    const responseId = randomUUID();
    const handler = new CommandHandler(p.platform.platform.stores.events, petitionDecider, { source: PETITIONS_SOURCE, clock: p.clock });
    await handler.handle(
      toPetitionStreamId(number),
      {
        type: 'ClosePetition',
        petitionNumber: number,
        actor: { clientId: 'demo-institution' },
        petitionExitNumber: 'IES-1',
        responseStates: outcomesOf({ satisfactionState: 'Full' }),
        responseId,
        document: { fileName: 'răspuns\ud800.pdf', contentType: 'application/pdf', size, sha256 },
        responsiblePersonIdnp: OFFICER,
        at: p.clock.now().toISOString(),
      },
      'demo-institution',
    );
    await readYourWrites(p.platform.platform.serviceDeps, 5_000, ['petitions']);
    const response = await p.portal.get(`/petitie/requestor/${PERSON}/${number}/${responseId}`, { headers: bearer(await ownerToken(PERSON, p.clock.now())) });
    expect(response.status, response.text).to.equal(200);
    expect(response.body.equals(bytes)).to.equal(true);
    expect(String(response.headers['content-disposition'])).to.include(`filename*=UTF-8''r%C4%83spuns%EF%BF%BD.pdf`);
  });
});
