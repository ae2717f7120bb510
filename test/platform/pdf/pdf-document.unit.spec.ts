import { expect } from 'chai';
import { textOf } from '../../support/pdf-text';
import { recordPdf, renderPdf } from '../../../src/platform/pdf/pdf-document';

describe('PDF documents (unit)', () => {
  it('makes a real PDF whose text, Romanian and Cyrillic included, can be extracted', async () => {
    const pdf = await renderPdf(
      recordPdf({ title: 'Petiție nr. P-2026-000001', rows: [['Autoritatea', 'Primăria Chișinău'], ['Тема', 'Заявление']], paragraphs: ['Ședința a avut loc în țară.'], footer: 'SHA-256 abc' }),
      new Date('2026-11-27T10:00:00Z'),
    );
    expect(pdf.subarray(0, 5).toString()).to.equal('%PDF-');
    const text = await textOf(pdf);
    for (const expected of ['Petiție nr. P-2026-000001', 'Primăria Chișinău', 'Заявление', 'Ședința a avut loc în țară.', 'SHA-256 abc']) expect(text).to.include(expected);
  });

  it('the same definition and date make the same bytes', async () => {
    const definition = recordPdf({ title: 'Same', rows: [['a', 'b']] });
    const at = new Date('2026-11-27T10:00:00Z');
    expect((await renderPdf(definition, at)).equals(await renderPdf(definition, at))).to.equal(true);
  });

  it('reaches no URL and no file named in the definition', async () => {
    const definition = { content: [{ image: '/etc/passwd' }] };
    let refused: unknown;
    await renderPdf(definition, new Date()).catch((error: unknown) => (refused = error));
    expect(refused).to.be.instanceOf(Error);
  });
});
