import { recordPdf, renderPdf } from '../../platform/pdf/pdf-document';
import { DEFAULT_TIME_ZONE, formatWithOffset } from '../../platform/time/zoned-time';
import type { PetitionDocument } from './petition-views';

/**
 * The petition's own document, as the authority downloads it: a PDF made from what was filed (the
 * requestor, the authority, the subject, the text, the attachments' names). Made when asked for; its date
 * is the filing's, so the same petition always gives the same file.
 */
export function petitionPdf(petition: PetitionDocument): Promise<Buffer> {
  const requestor = [petition.requestor.name, `${petition.requestor.kind === 'Person' ? 'IDNP' : 'IDNO'} ${petition.requestor.idn}`].filter(Boolean).join(', ');
  const rows: [string, string][] = [
    ['Numărul petiției', petition.petitionNumber],
    ['Depusă la', formatWithOffset(new Date(petition.filedAt), DEFAULT_TIME_ZONE).replace('T', ' ')],
    ['Petiționar', requestor],
    ['Autoritatea destinatară (IDNO)', petition.authorityIdno],
    ['Subiectul', petition.subject],
  ];
  if (petition.attachments.length > 0) rows.push(['Anexe', petition.attachments.map((attachment) => attachment.fileName).join('\n')]);
  const definition = recordPdf({
    title: `Petiție nr. ${petition.petitionNumber}`,
    subtitle: 'Depusă electronic prin platforma e-Democrație (Codul administrativ nr. 116/2018, art. 70-80)',
    rows,
    paragraphs: petition.text.split(/\r?\n/),
    footer: `Petiția ${petition.petitionNumber}. Document generat de platforma de integrare.`,
  });
  return renderPdf(definition, new Date(petition.filedAt));
}

export const petitionPdfFileName = (petitionNumber: string) => `petitie-${petitionNumber}.pdf`;
