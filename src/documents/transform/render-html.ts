import type { Language } from '../document-type/definition';
import type { FilledTemplate } from './template-values';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML content and attribute values. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => ENTITIES[character]);

const STYLE = [
  'body{font-family:Roboto,Arial,sans-serif;font-size:14px;margin:2em;color:#222}',
  'h1{font-size:20px;margin:0 0 4px}',
  '.subtitle{color:#555;margin:0 0 12px}',
  'table{border-collapse:collapse;margin:8px 0}',
  'th,td{border-bottom:1px solid #ddd;padding:4px 8px;text-align:left;vertical-align:top}',
  'footer{color:#666;font-size:11px;margin-top:2em}',
].join('');

/**
 * A filled template as a whole HTML page: every text the content or the template brings is escaped, and
 * the page holds no script and loads nothing (the route also sends a Content-Security-Policy).
 */
export function renderHtml(filled: FilledTemplate, language: Language): string {
  const parts: string[] = [`<h1>${escapeHtml(filled.title)}</h1>`];
  if (filled.subtitle) parts.push(`<p class="subtitle">${escapeHtml(filled.subtitle)}</p>`);
  const rows = filled.fields.map((field) => {
    if ('value' in field) return `<tr><th>${escapeHtml(field.label)}</th><td>${escapeHtml(field.value)}</td></tr>`;
    const head = `<tr>${field.columns.map((column) => `<th>${escapeHtml(column)}</th>`).join('')}</tr>`;
    const body = field.rows.map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`).join('');
    return `<tr><th>${escapeHtml(field.label)}</th><td><table>${head}${body}</table></td></tr>`;
  });
  if (rows.length > 0) parts.push(`<table class="fields">${rows.join('')}</table>`);
  for (const paragraph of filled.paragraphs) parts.push(`<p>${escapeHtml(paragraph)}</p>`);
  if (filled.footer) parts.push(`<footer>${escapeHtml(filled.footer)}</footer>`);
  return `<!DOCTYPE html>\n<html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(filled.title)}</title><style>${STYLE}</style></head><body>${parts.join('')}</body></html>\n`;
}
