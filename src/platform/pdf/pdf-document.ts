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

/**
 * The PDF's bytes. The document's creation date is the given one, so the same definition makes the same file.
 * Words too long for a line are given places to break (breakableWords): pdfkit splits such a word in time
 * that grows with the square of its length, on the event loop (20,000 letters took 8 s, the platform idle).
 */
export async function renderPdf(definition: PdfDefinition, createdAt: Date): Promise<Buffer> {
  const withDate: PdfDefinition = {
    ...definition,
    content: breakableWords(definition.content) as Content,
    ...(definition.header && typeof definition.header !== 'function' ? { header: breakableWords(definition.header) as Content } : {}),
    ...(definition.footer && typeof definition.footer !== 'function' ? { footer: breakableWords(definition.footer) as Content } : {}),
    info: { producer: 'egov-integration-platform', creator: 'egov-integration-platform', ...definition.info, creationDate: createdAt },
  };
  return pdfmake.createPdf(withDate).getBuffer();
}

/** A run of this many characters without a space is cut by a zero-width space (U+200B) after each such stretch. */
export const LONGEST_UNBROKEN_RUN = 100;
const LONG_RUN = new RegExp(`[^\\s\u200b]{${LONGEST_UNBROKEN_RUN + 1},}`, 'gu');
const STRETCH = new RegExp(`[^]{1,${LONGEST_UNBROKEN_RUN}}`, 'gu');

/**
 * The text of a document's content (strings, text, stack, columns, lists, table cells) with a zero-width
 * space, a place to break that shows nothing, in every run of more than LONGEST_UNBROKEN_RUN characters
 * without a space. Shorter words, a SHA-256 digest or a link, are left whole.
 */
export function breakableWords(content: unknown): unknown {
  if (typeof content === 'string') return content.replace(LONG_RUN, (run) => run.match(STRETCH)!.join('\u200b'));
  if (Array.isArray(content)) return content.map(breakableWords);
  if (content === null || typeof content !== 'object') return content;
  const node: Record<string, unknown> = { ...(content as Record<string, unknown>) };
  for (const key of ['text', 'stack', 'columns', 'ul', 'ol']) if (key in node) node[key] = breakableWords(node[key]);
  const table = node.table as { body?: unknown[][] } | undefined;
  if (table?.body) node.table = { ...table, body: table.body.map((row) => (Array.isArray(row) ? row.map(breakableWords) : row)) };
  return node;
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
