import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import pdfmake from 'pdfmake';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';

/**
 * Real PDF files for the services (a petition, an authorization file, a transformed document), made by
 * pdfmake (on pdfkit) from a document definition. The font is pdfmake's own Roboto, embedded, which holds
 * Romanian (ș, ț, ă, î, â) and Cyrillic; pdfmake's built-in fonts would not. A definition can reach no URL
 * and no file but the fonts: the text in it may come from callers.
 */
const require = createRequire(import.meta.url);
const roboto = require('pdfmake/fonts/Roboto.js') as { Roboto: Record<'normal' | 'bold' | 'italics' | 'bolditalics', string> };
const fontsDir = dirname(roboto.Roboto.normal);

pdfmake.setFonts(roboto);
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((path) => dirname(path) === fontsDir);

export type PdfDefinition = TDocumentDefinitions;
export type PdfContent = Content;

/** The PDF's bytes. The document's creation date is the given one, so the same definition makes the same file. */
export async function renderPdf(definition: PdfDefinition, createdAt: Date): Promise<Buffer> {
  const withDate: PdfDefinition = { ...definition, info: { producer: 'egov-integration-platform', creator: 'egov-integration-platform', ...definition.info, creationDate: createdAt } };
  return pdfmake.createPdf(withDate).getBuffer();
}

/**
 * A one-page record of labelled values, the shape most of the platform's files take: a title, an optional
 * subtitle, label-value rows (a value is text, or content of its own such as a table), then free paragraphs.
 */
export function recordPdf(record: { title: string; subtitle?: string; rows: [label: string, value: string | Content][]; paragraphs?: string[]; footer?: string }): PdfDefinition {
  const content: Content[] = [{ text: record.title, style: 'title' }];
  if (record.subtitle) content.push({ text: record.subtitle, style: 'subtitle' });
  if (record.rows.length > 0) {
    content.push({ table: { widths: ['35%', '65%'], body: record.rows.map(([label, value]) => [{ text: label, bold: true }, value]) }, layout: 'lightHorizontalLines', margin: [0, 8, 0, 8] });
  }
  for (const paragraph of record.paragraphs ?? []) content.push({ text: paragraph, margin: [0, 4, 0, 4] });
  return {
    info: { title: record.title },
    content,
    footer: record.footer ? { text: record.footer, fontSize: 8, margin: [40, 10, 40, 0], color: '#555555' } : undefined,
    styles: { title: { fontSize: 16, bold: true, margin: [0, 0, 0, 4] }, subtitle: { fontSize: 11, color: '#444444', margin: [0, 0, 0, 8] } },
    defaultStyle: { font: 'Roboto', fontSize: 10 },
  };
}
