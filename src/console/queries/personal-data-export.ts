import { parseOpenTimeRange } from '../../eventlog/queries/log-search';
import { searchPersonalDataAccesses } from '../../eventlog/queries/personal-data-search';
import type { DocumentStore } from '../../platform/document-store/document-store';
import { renderPdf, type PdfDefinition } from '../../platform/pdf/pdf-document';

/** An export holds at most this many accesses; the export says so when there were more. */
export const MAX_EXPORTED = 10_000;
const PAGE = 500;

/** The columns of an export, in order: what the special index keeps, and which client logged it. */
const COLUMNS = [
  ['event_time', 'When'],
  ['event_type', 'Access'],
  ['@loggedBy', 'Logged by'],
  ['legal_entity', 'Legal entity'],
  ['legal_basis', 'Legal basis'],
  ['legal_reason', 'Legal reason'],
  ['user', 'User'],
  ['user_address', 'User address'],
  ['object', 'Object'],
  ['object_type', 'Object type'],
  ['@uid', 'UID'],
] as const;

export type AccessExport = { rows: Record<string, unknown>[]; totalCount: number; upTo: number };

/** Every logged access to the subject's data up to a log position, oldest first, as the event log's search finds them. */
export async function exportedAccesses(documents: DocumentStore, subject: string, from: string | undefined, to: string | undefined, upTo: number): Promise<AccessExport> {
  const range = parseOpenTimeRange(from, to, { from: 'eventTimeFrom', to: 'eventTimeTo' });
  const rows: Record<string, unknown>[] = [];
  let totalCount = 0;
  for (let offset = 0; offset < MAX_EXPORTED; offset += PAGE) {
    const page = await searchPersonalDataAccesses(documents, subject, range, { offset, upTo }, Math.min(PAGE, MAX_EXPORTED - offset));
    rows.push(...page.items);
    totalCount = page.totalCount;
    if (page.nextCursor === '') break;
  }
  return { rows, totalCount, upTo };
}

const cell = (value: unknown): string => (value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value));

/**
 * RFC 4180 CSV (CRLF, every field quoted). A field that a spreadsheet would take for a formula (=, +, -, @
 * first) gets a leading apostrophe: the values are whatever systems logged.
 */
export function accessesCsv(exported: AccessExport): string {
  const quoted = (text: string) => `"${(/^[=+\-@\t\r]/.test(text) ? `'${text}` : text).replaceAll('"', '""')}"`;
  const lines = [COLUMNS.map(([, title]) => quoted(title)).join(',')];
  for (const row of exported.rows) lines.push(COLUMNS.map(([field]) => quoted(cell(row[field]))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** The same as a PDF: a title naming the subject and when it was made, then one table row per access. */
export function accessesPdf(exported: AccessExport, subject: string, madeAt: Date): Promise<Buffer> {
  const shown = COLUMNS.filter(([field]) => !['user_address', 'object_type', '@uid'].includes(field));
  const more = exported.totalCount > exported.rows.length ? ` The first ${exported.rows.length} of ${exported.totalCount} are listed.` : '';
  const definition: PdfDefinition = {
    info: { title: `Accesses to the personal data of ${subject}` },
    pageOrientation: 'landscape',
    content: [
      { text: `Accesses to the personal data of ${subject}`, style: 'title' },
      { text: `As logged in the event log up to position ${exported.upTo}, made ${madeAt.toISOString()}: ${exported.totalCount} accesses.${more}`, style: 'subtitle' },
      {
        table: {
          headerRows: 1,
          widths: shown.map(() => '*'),
          body: [shown.map(([, title]) => ({ text: title, bold: true })), ...exported.rows.map((row) => shown.map(([field]) => cell(row[field])))],
        },
        layout: 'lightHorizontalLines',
        fontSize: 8,
      },
    ],
    styles: { title: { fontSize: 16, bold: true, margin: [0, 0, 0, 4] }, subtitle: { fontSize: 10, color: '#444444', margin: [0, 0, 0, 8] } },
    defaultStyle: { font: 'Roboto', fontSize: 9 },
  };
  return renderPdf(definition, madeAt);
}
