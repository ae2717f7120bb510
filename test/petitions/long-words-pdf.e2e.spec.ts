import { expect } from 'chai';
import { expectProblem, file, pdfText, startPetitionsPlatform, type PetitionsPlatform } from './petitions-test-kit';

/**
 * A petition's PDF is made on the event loop when asked for. pdfkit splits a word too long for a line in
 * time that grows with the square of its length: a text of one 20,000-letter word (the intake takes it)
 * held the whole platform for some 8 s on every download, its health endpoint included.
 */
describe('Petitions: the PDF of a petition made of one very long word (e2e over mTLS)', function () {
  this.timeout(120_000);
  let p: PetitionsPlatform;

  before(async () => {
    p = await startPetitionsPlatform();
  });
  after(() => p.platform.stop());

  it('is made in well under the time one long word took, with all of the text in it', async () => {
    const word = 'x'.repeat(20_000);
    const number = await file(p.portal, { subject: 's'.repeat(300), requestorName: 'W'.repeat(200), text: word });
    const started = Date.now();
    const response = await p.institution.get(`/petitie/authority/petitions/${number}/pdf`);
    const took = Date.now() - started;
    expect(response.status, response.text).to.equal(200);
    expect(took, 'ms to make the PDF (it took some 8,000 on an idle machine)').to.be.below(5_000);
    const text = await pdfText(Buffer.from(response.json().content, 'base64'));
    expect(text.replace(/[^x]/g, '').length, 'every letter of the word is in the file').to.be.at.least(word.length);
    expectProblem(await p.institution.get('/petitie/authority/petitions/P-2026-00000000/pdf'), 400, 'PetitionNotFound');
  });
});
