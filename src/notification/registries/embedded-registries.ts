import { readFileSync } from 'node:fs';
import type { Channel, Direction, Language, PolicyType } from '../vocabulary';
import type { Company, ContactRegistry, IdentityRegistry, Person } from './registries';

type Roles = Partial<Record<Direction, string[]>>;
type RegistryFile = {
  persons: Record<string, { firstName: string; lastName: string; language?: Language; contacts: Partial<Record<Channel, string | true>> }>;
  companies: Record<string, { name: string; language?: Language; contacts: Partial<Record<Channel, string | true>>; roles: Roles }>;
  realEstate: Record<string, { roles: Roles }>;
  vehicles: Record<string, { roles: Roles }>;
};

export const DEMO_REGISTRIES = new URL('./demo-registries.json', import.meta.url);
export const EMPTY_REGISTRIES = new URL('./empty-registries.json', import.meta.url);

/** The registries of the embedded profile: one JSON file (NOTIFY_REGISTRY_FILE, demo data by default). */
export function embeddedRegistries(path: string | URL = DEMO_REGISTRIES): { contacts: ContactRegistry; identities: IdentityRegistry } {
  const data = JSON.parse(readFileSync(path, 'utf8')) as RegistryFile;
  return {
    contacts: {
      async person(idnp): Promise<Person | undefined> {
        const person = data.persons[idnp];
        return person && { idnp, ...person };
      },
      async company(idno): Promise<Company | undefined> {
        const company = data.companies[idno];
        return company && { idno, name: company.name, language: company.language, contacts: company.contacts };
      },
    },
    identities: {
      async peopleInRole(type: PolicyType, value: string, direction: Direction) {
        const holder = type === 'IDNO' ? data.companies[value] : type === 'PlateNumber' ? data.vehicles[value] : data.realEstate[value];
        return holder ? (holder.roles[direction] ?? []) : undefined;
      },
    },
  };
}
