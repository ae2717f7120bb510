/**
 * The CloudEvents extension attribute in which the platform's services name the organisations an event
 * concerns: their IDNOs, separated by spaces. The exchange delivers an `md.gov.*` event only to consumers
 * of those organisations, unless a consumer's registry entry grants it every owner's (docs/exchange.md).
 */
export const OWNERS_ATTRIBUTE = 'mdowners';

/** The attribute's value for these IDNOs (each once, empty ones left out); undefined when none is left. */
export function ownersAttributeValue(owners: readonly (string | null | undefined)[]): string | undefined {
  const named = [...new Set(owners.filter((owner): owner is string => typeof owner === 'string' && owner.length > 0))];
  return named.length > 0 ? named.join(' ') : undefined;
}
