import { createHash } from 'node:crypto';
import type { AuthorizationState } from '../authorization/state';
import { statusAt } from '../authorization/status';
import { authorizationDetails } from '../queries/authorization-details';

/**
 * What an authorization file states of a power at the instant it is issued: the seed's details (parties,
 * type, validity), its status and co-signers. Its SHA-256 is printed in the file; asked again later, the
 * same digest means the power still stands as the file says (file-verifications, docs/representation.md).
 */
export function fileStatement(state: AuthorizationState, now: string) {
  return {
    ...authorizationDetails(state, now),
    status: statusAt(state, now),
    coSigners: state.coSigners.map((signer) => ({ idn: signer.idn, signed: signer.signedAt !== null })),
  };
}

/** SHA-256 (hex) of the statement as canonical JSON: members sorted by name at every level, no spaces. */
export function stateDigest(state: AuthorizationState, now: string): string {
  return createHash('sha256').update(canonicalJson(fileStatement(state, now))).digest('hex');
}

export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const members = Object.keys(value as object)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value);
}
