import type { Channel, Direction, Language, PolicyType } from '../vocabulary';

/**
 * The registries recipients are resolved through. The embedded profile reads them from a JSON file of
 * demo data; a deployment puts adapters to the state registries behind the same two interfaces.
 */
export type Person = { idnp: string; firstName: string; lastName: string; language?: Language; contacts: Partial<Record<Channel, string | true>> };
export type Company = { idno: string; name: string; language?: Language; contacts: Partial<Record<Channel, string | true>> };

export interface ContactRegistry {
  person(idnp: string): Promise<Person | undefined>;
  company(idno: string): Promise<Company | undefined>;
}

/** IDNO (companies), IDNV and cadastral numbers (real estate), plate numbers (vehicles) to people. */
export interface IdentityRegistry {
  peopleInRole(type: PolicyType, value: string, direction: Direction): Promise<string[] | undefined>;
}
