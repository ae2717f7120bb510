import { recordPdf, renderPdf, type PdfContent } from '../../platform/pdf/pdf-document';
import type { FilledField, FilledTemplate } from './template-values';

/** A field's value in the PDF: its text, or a table of the list's items under the columns' labels. */
function valueOf(field: FilledField): string | PdfContent {
  if ('value' in field) return field.value;
  if (field.rows.length === 0) return '—';
  return { table: { headerRows: 1, body: [field.columns.map((column) => ({ text: column, bold: true })), ...field.rows] }, layout: 'lightHorizontalLines' };
}

/** A filled template as a PDF (the platform's record layout: title, labelled values, paragraphs, footer). */
export function renderTemplatePdf(filled: FilledTemplate, createdAt: Date): Promise<Buffer> {
  const { title, subtitle, paragraphs, footer } = filled;
  return renderPdf(recordPdf({ title, subtitle, rows: filled.fields.map((field) => [field.label, valueOf(field)]), paragraphs, footer }), createdAt);
}
