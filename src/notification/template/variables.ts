import { escapeHtml } from '../../platform/notices';
import type { Content, ContentLanguage } from '../vocabulary';

/**
 * {{Name}} placeholders. The built-in ones (public guide) are filled per recipient when a message is
 * sent; every other one must get a value from the notification's Variables.
 */
export const BUILT_IN_VARIABLES = ['Date', 'Time', 'IDNP', 'IDNO', 'RecipientFirstName', 'RecipientLastName'] as const;
const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g;

/**
 * What a text is: a value filled into HTML (Body: the e-mail's HTML part, the cabinet inbox) is data, so
 * it is escaped; the template's own markup stays as written. Plain text (Subject, BodyShort: the
 * e-mail's text part, SMS, Viber, web push) takes the value as it is.
 */
export type TextKind = 'html' | 'text';

/** One pass: a value is inserted once and never searched for placeholders again. */
export function fill(text: string, values: Record<string, string>, kind: TextKind): string {
  const insert = kind === 'html' ? escapeHtml : (value: string) => value;
  // own members only: a placeholder {{constructor}} must not find Object.prototype's
  return text.replace(PLACEHOLDER, (placeholder, name: string) => (Object.hasOwn(values, name) ? insert(values[name]) : placeholder));
}

export function fillContent(content: Content, values: Record<string, string>): Content {
  const language = (text: ContentLanguage, kind: TextKind): ContentLanguage => ({
    Ro: fill(text.Ro, values, kind),
    ...(text.Ru !== undefined ? { Ru: fill(text.Ru, values, kind) } : {}),
    ...(text.En !== undefined ? { En: fill(text.En, values, kind) } : {}),
  });
  return { Subject: language(content.Subject, 'text'), Body: language(content.Body, 'html'), BodyShort: language(content.BodyShort, 'text') };
}

/** The placeholders a content still holds that are neither given nor built in. */
export function missingVariables(content: Content, values: Record<string, string>): string[] {
  const texts = [content.Subject, content.Body, content.BodyShort].flatMap((text) => [text.Ro, text.Ru ?? '', text.En ?? '']);
  const names = new Set(texts.flatMap((text) => [...text.matchAll(PLACEHOLDER)].map((match) => match[1])));
  return [...names].filter((name) => !Object.hasOwn(values, name) && !(BUILT_IN_VARIABLES as readonly string[]).includes(name));
}

/** Variables are a JSON string of key-value pairs (seed); scalar values are taken as text. */
export function parseVariables(json: string | undefined): Record<string, string> | string {
  if (json === undefined || json.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return 'Variables must be a JSON string of key-value pairs, e.g. "{\\"name\\":\\"Ion\\"}"';
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return 'Variables must be a JSON object of key-value pairs';
  const values = Object.create(null) as Record<string, string>; // so that a variable named __proto__ is kept
  for (const [name, value] of Object.entries(parsed)) {
    if (value !== null && typeof value === 'object') return `variable ${name} must be a string, number or boolean`;
    values[name] = String(value);
  }
  return values;
}

const CHISINAU = 'Europe/Chisinau';

/**
 * Built-in values at the moment of sending, for one recipient. Every built-in gets a value: one the
 * recipient has none for (the IDNP of a contact given directly or of a company, a name the registry
 * does not hold) is empty, so that no {{...}} reaches a citizen.
 */
export function builtInValues(now: Date, recipient: { idnp?: string; idno?: string; firstName?: string; lastName?: string }): Record<string, string> {
  const part = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('ro-MD', { timeZone: CHISINAU, ...options }).format(now);
  return {
    Date: part({ day: '2-digit', month: '2-digit', year: 'numeric' }),
    Time: part({ hour: '2-digit', minute: '2-digit', hour12: false }),
    IDNP: recipient.idnp ?? '',
    IDNO: recipient.idno ?? '',
    RecipientFirstName: recipient.firstName ?? '',
    RecipientLastName: recipient.lastName ?? '',
  };
}
