import type { Template } from '../document-type/definition';

/** A template's field filled from the content: a value, or (with columns) a table. */
export type FilledField = { label: string; value: string } | { label: string; columns: string[]; rows: string[][] };
export type FilledTemplate = { title: string; subtitle?: string; fields: FilledField[]; paragraphs: string[]; footer?: string };

const MISSING = '—';
const MAX_TEXT = 2000;
const MAX_ROWS = 500;

/** The value a JSON pointer (RFC 6901) names in the content; undefined when there is none. */
export function valueAt(content: unknown, pointer: string): unknown {
  if (pointer === '') return content;
  let value = content;
  for (const token of pointer.slice(1).split('/').map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))) {
    if (Array.isArray(value) && /^(0|[1-9]\d*)$/.test(token)) value = value[Number(token)];
    else if (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.hasOwn(value, token)) value = (value as Record<string, unknown>)[token];
    else return undefined;
  }
  return value;
}

/** A value as the page writes it: text as it is, numbers and booleans as JSON writes them, lists joined, anything else as JSON. */
export function textOf(value: unknown): string {
  if (value === null || value === undefined || value === '') return MISSING;
  if (typeof value === 'string') return value.slice(0, MAX_TEXT);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object')) return value.map(textOf).join(', ').slice(0, MAX_TEXT);
  return JSON.stringify(value).slice(0, MAX_TEXT);
}

/** A template filled from the content: each field's value found by its pointer, a table from an array of objects. */
export function fillTemplate(template: Template, content: unknown): FilledTemplate {
  const fields = template.fields.map((field): FilledField => {
    const value = valueAt(content, field.pointer);
    if (!field.columns) return { label: field.label, value: textOf(value) };
    const items = Array.isArray(value) ? value.slice(0, MAX_ROWS) : [];
    return { label: field.label, columns: field.columns.map((column) => column.label), rows: items.map((item) => field.columns!.map((column) => textOf(valueAt(item, column.pointer)))) };
  });
  return { title: template.title, subtitle: template.subtitle, fields, paragraphs: template.paragraphs ?? [], footer: template.footer };
}
