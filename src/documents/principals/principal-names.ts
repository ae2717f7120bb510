import { readFileSync } from 'node:fs';
import type { ClientRegistry } from '../../platform/identity/client-registry';
import { idnoOf, idnpOf, PUBLIC_PRINCIPAL } from './principal';
import { systemPrincipalOf } from './acting-principal';

type NamesFile = { persons: Record<string, string>; organizations: Record<string, string> };

const NAMES: NamesFile = JSON.parse(readFileSync(new URL('./principal-names.json', import.meta.url), 'utf8'));

/**
 * A principal's name, as the lists show it (createdByName, sharedForName, ...): persons and organizations
 * from the names file (the state registers' stand-in), organizations and systems of registered clients
 * from the client registry; null for a principal nobody knows.
 */
export class PrincipalNames {
  private readonly systems: Map<string, string>;
  private readonly clientOrganizations: Map<string, string>;

  constructor(registry: ClientRegistry) {
    this.systems = new Map(registry.clients.map((client) => [systemPrincipalOf(client.id), client.name ?? client.id]));
    this.clientOrganizations = new Map(registry.clients.filter((client) => client.idno).map((client) => [client.idno!, client.name ?? client.id]));
  }

  nameOf(principal: string | null | undefined): string | null {
    if (!principal) return null;
    if (principal === PUBLIC_PRINCIPAL) return 'Public';
    const idnp = idnpOf(principal);
    if (idnp) return NAMES.persons[idnp] ?? null;
    const idno = idnoOf(principal);
    if (idno) return NAMES.organizations[idno] ?? this.clientOrganizations.get(idno) ?? null;
    return this.systems.get(principal) ?? null;
  }
}
