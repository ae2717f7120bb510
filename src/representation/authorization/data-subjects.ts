import type { Party } from './events';

/**
 * The natural persons an authorization's event (as the log holds it) names, for whoever reads the event
 * itself (an auditor): the parties that are natural persons (a legal entity's IDNO is not personal data,
 * as the service's own access log has it) and the co-signers.
 */
export function authorizationEventSubjects(data: unknown): string[] {
  const { power, authorizing, authorized, coSignerIdns, coSignerIdn } = (data ?? {}) as {
    power?: { authorizing?: Partial<Party>; authorized?: Partial<Party> };
    authorizing?: Partial<Party>;
    authorized?: Partial<Party>;
    coSignerIdns?: unknown;
    coSignerIdn?: unknown;
  };
  const person = (party: Partial<Party> | undefined) => (party?.partyType === 1 && typeof party.idn === 'string' ? [party.idn] : []);
  const coSigners = [...(Array.isArray(coSignerIdns) ? coSignerIdns : []), coSignerIdn].filter((idn): idn is string => typeof idn === 'string');
  return [...person(authorizing ?? power?.authorizing), ...person(authorized ?? power?.authorized), ...coSigners];
}
