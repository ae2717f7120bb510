import { createHash } from 'node:crypto';
import { hasRight, type ClientDefinition } from '../../platform/identity/client-registry';
import { DocumentsRights } from '../rights';
import { DOCUMENTS_SERVICE } from '../service';
import { canonicalPrincipal, PUBLIC_PRINCIPAL } from './principal';

export class InvalidPrincipalError extends Error {
  constructor(readonly field: string) {
    super(`${field} must be a principal URN: urn:md:idnp:<13 digits>, urn:md:idno:<13 digits>, urn:md:system:<uuid> or urn:public (at most 100 characters)`);
    this.name = 'InvalidPrincipalError';
  }
}

export class ImpersonationNotAllowedError extends Error {
  constructor(readonly clientId: string) {
    super(`client ${clientId} may act only as its own principals: acting for another needs the right "${DocumentsRights.impersonate}"`);
    this.name = 'ImpersonationNotAllowedError';
  }
}

/** Fixed namespace of the system principals the store derives from registry ids (a version-5 UUID's namespace). */
const SYSTEM_NAMESPACE = Buffer.from('5f0b4a52c3e34d0e9b7a6f1d2c8e0a11', 'hex');

/** A client's system principal, derived from its registry id (RFC 4122 name-based UUID, SHA-1). */
export function systemPrincipalOf(clientId: string): string {
  const hash = createHash('sha1').update(SYSTEM_NAMESPACE).update(clientId).digest();
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `urn:md:system:${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** What a client is without impersonating: its organization (IDNO from the registry) and its system. */
export function ownPrincipalsOf(client: Pick<ClientDefinition, 'id' | 'idno'>): string[] {
  return [...(client.idno ? [`urn:md:idno:${client.idno}`] : []), systemPrincipalOf(client.id)];
}

/** Who a request acts for when it names nobody: the client's organization, else its system. */
export const defaultPrincipalOf = (client: Pick<ClientDefinition, 'id' | 'idno'>) => ownPrincipalsOf(client)[0];

/**
 * Whether the client may act as this principal: its own principals and anyone (urn:public, which holds
 * less than any client) always; anyone else with the impersonate right.
 */
export function mayActAs(client: ClientDefinition, principal: string): boolean {
  return principal === PUBLIC_PRINCIPAL || ownPrincipalsOf(client).includes(principal) || hasRight(client, DOCUMENTS_SERVICE, DocumentsRights.impersonate);
}

/** The principal a request acts for: the one it names (checked), else the client's own. */
export function actingPrincipal(client: ClientDefinition, requested: string | undefined, field = 'principal'): string {
  if (requested === undefined) return defaultPrincipalOf(client);
  const principal = canonicalPrincipal(requested);
  if (!principal) throw new InvalidPrincipalError(field);
  if (!mayActAs(client, principal)) throw new ImpersonationNotAllowedError(client.id);
  return principal;
}
