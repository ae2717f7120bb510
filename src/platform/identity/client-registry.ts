import { readFileSync } from 'node:fs';
import type { PeerCertificate } from 'node:tls';
import { compileSchema, formatSchemaErrors } from '../json-schema';
import { readProjectJson } from '../project-paths';
import type { RateLimit } from '../http/rate-limit';
import { compileAttributeFilter, type AttributeFilter } from './attribute-filter';

/**
 * The registry of client systems: who a certificate belongs to and what that system may do.
 * Format: schemas/client-registry.schema.json, documented in docs/client-registry.md.
 */
export type ExchangeRights = {
  produce?: { sources: string[]; types: string[] };
  consume?: {
    types: string[];
    /** the standard events of a type matching `types` reach the client only when they pass `filter` */
    filters?: { types: string[]; filter: AttributeFilter }[];
    /** the platform's own types (md.gov.*) it receives whatever organisations they concern */
    allOwners?: string[];
  };
};

export type ClientDefinition = {
  id: string;
  name?: string;
  idno?: string;
  certificate: { commonName?: string; sha256?: string };
  exchange?: ExchangeRights;
  /** rights in the other services, by service name: e.g. { "booking": ["*"] } */
  rights?: Record<string, string[]>;
  /** this client's allowance instead of the platform's default (RateLimiter) */
  rateLimit?: RateLimit;
  [setting: string]: unknown;
};

export type RegistryFile = { clients: ClientDefinition[] };

const validateRegistry = compileSchema(readProjectJson<object>('schemas/client-registry.schema.json'));

export class ClientRegistry {
  private readonly byFingerprint = new Map<string, ClientDefinition>();
  private readonly byCommonName = new Map<string, ClientDefinition>();
  private readonly byId = new Map<string, ClientDefinition>();

  constructor(readonly clients: ClientDefinition[]) {
    // a certificate must name one client: with two, the last one listed would silently get its rights
    for (const client of clients) {
      if (this.byId.has(client.id)) throw new Error(`client registry: duplicate client id ${client.id}`);
      checkConsumeFilters(client);
      this.byId.set(client.id, client);
      if (client.certificate.sha256) {
        const fingerprint = normalizeFingerprint(client.certificate.sha256);
        const other = this.byFingerprint.get(fingerprint);
        if (other) throw new Error(`client registry: clients ${other.id} and ${client.id} pin the same certificate fingerprint`);
        this.byFingerprint.set(fingerprint, client);
      } else {
        const commonName = client.certificate.commonName ?? client.id;
        const other = this.byCommonName.get(commonName);
        if (other) throw new Error(`client registry: clients ${other.id} and ${client.id} are both identified by the common name ${commonName}`);
        this.byCommonName.set(commonName, client);
      }
    }
  }

  static fromFile(path: string): ClientRegistry {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (!validateRegistry(parsed)) {
      throw new Error(`client registry ${path} is invalid: ${formatSchemaErrors(validateRegistry.errors).join('; ')}`);
    }
    return new ClientRegistry((parsed as RegistryFile).clients);
  }

  get(id: string): ClientDefinition | undefined {
    return this.byId.get(id);
  }

  /** A certificate pinned by fingerprint wins; otherwise the subject's common name names the client. */
  identify(certificate: PeerCertificate): ClientDefinition | undefined {
    const pinned = certificate.fingerprint256 ? this.byFingerprint.get(normalizeFingerprint(certificate.fingerprint256)) : undefined;
    if (pinned) return pinned;
    const commonName = certificate.subject?.CN;
    return typeof commonName === 'string' ? this.byCommonName.get(commonName) : undefined;
  }
}

/** A filter that is not one of the dialects stops the start, saying which and why. */
function checkConsumeFilters(client: ClientDefinition) {
  client.exchange?.consume?.filters?.forEach((entry, index) => {
    try {
      compileAttributeFilter(entry.filter, client.idno, `exchange.consume.filters[${index}].filter`);
    } catch (error) {
      throw new Error(`client registry: client ${client.id}: ${(error as Error).message}`);
    }
  });
}

function normalizeFingerprint(fingerprint: string): string {
  return fingerprint.replace(/:/g, '').toUpperCase();
}

/** Patterns in the registry: an exact name, a prefix ending in `*` ("demo.*"), or `*` for all. */
export function matchesAny(patterns: readonly string[] | undefined, value: string): boolean {
  if (!patterns) return false;
  return patterns.some((pattern) => (pattern.endsWith('*') ? value.startsWith(pattern.slice(0, -1)) : pattern === value));
}

export function hasRight(client: ClientDefinition, service: string, right: string): boolean {
  const granted = client.rights?.[service];
  return Boolean(granted && (granted.includes('*') || granted.includes(right)));
}
