import { readFileSync } from 'node:fs';

const KNOWN_PARTIES = new URL('./known-parties.json', import.meta.url);

/**
 * The name a power shows for a party (the seed's authorizingPartyName and authorizedPartyName): the one the
 * managing system sent, else the development registries' (known-parties.json), else empty. The platform
 * has no connection to the state registers (docs/decisions.md).
 */
export class PartyNames {
  private readonly known: Record<string, string>;

  constructor() {
    this.known = (JSON.parse(readFileSync(KNOWN_PARTIES, 'utf8')) as { parties: Record<string, string> }).parties;
  }

  nameOf(idn: string, given?: string): string {
    return given ?? this.known[idn] ?? '';
  }
}
