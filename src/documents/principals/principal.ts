import { createHash } from 'node:crypto';

/**
 * Principals (the official client's Principal): a person `urn:md:idnp:<13 digits>`, an organization
 * `urn:md:idno:<13 digits>`, an information system `urn:md:system:<uuid>`, or anyone `urn:public`.
 * A URN's scheme and namespace are case-insensitive (RFC 8141), so they are compared in lower case.
 */
export type PrincipalKind = 'person' | 'organization' | 'system' | 'public';

export const PUBLIC_PRINCIPAL = 'urn:public';
/** The seed's limit on a principal URN. */
export const MAX_PRINCIPAL_LENGTH = 100;

const FORMS: [PrincipalKind, RegExp][] = [
  ['person', /^urn:md:idnp:(\d{13})$/],
  ['organization', /^urn:md:idno:(\d{13})$/],
  ['system', /^urn:md:system:([0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12})$/],
  ['public', /^urn:public$/],
];

/** The principal in its one spelling, or null for text that is none. */
export function canonicalPrincipal(text: string): string | null {
  if (text.length > MAX_PRINCIPAL_LENGTH) return null;
  const lower = text.toLowerCase();
  return FORMS.some(([, form]) => form.test(lower)) ? lower : null;
}

export function kindOf(principal: string): PrincipalKind {
  return FORMS.find(([, form]) => form.test(principal))?.[0] ?? 'public';
}

/** The IDNP of a person principal (a data subject), else null. */
export function idnpOf(principal: string): string | null {
  return /^urn:md:idnp:(\d{13})$/.exec(principal)?.[1] ?? null;
}

/** The IDNO of an organization principal, else null. */
export function idnoOf(principal: string): string | null {
  return /^urn:md:idno:(\d{13})$/.exec(principal)?.[1] ?? null;
}

/** Whether documents may belong to the principal: anyone (urn:public) may be shared with, never own. */
export const mayOwn = (principal: string) => principal !== PUBLIC_PRINCIPAL;

/** A principal as a stream id may name it: a hash, since stream ids carry no personal data. */
export function principalKey(principal: string): string {
  return createHash('sha256').update(principal).digest('hex').slice(0, 32);
}
