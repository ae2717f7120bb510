import type { EventStore } from '../../platform/event-store/event-store';
import type { ClientDefinition } from '../../platform/identity/client-registry';
import { CLIENT_REMOVED, REGISTRY_STREAM } from '../../platform/identity/registry-log';

/** How a client's certificate was identified in the registry: by its subject's common name, or pinned by fingerprint. */
export type RegisteredCertificate = { commonName?: string; sha256?: string };

type Entry = { position: number; certificate: RegisteredCertificate | null };

/**
 * The registry's history (its stream in the log), asked which certificate identified a client when an
 * event was recorded: the registration in force at the event's position.
 */
export class RegistryHistory {
  private constructor(private readonly byClient: Map<string, Entry[]>) {}

  static async read(events: EventStore): Promise<RegistryHistory> {
    const byClient = new Map<string, Entry[]>();
    for (const stored of await events.readStream(REGISTRY_STREAM)) {
      const { client } = stored.event.data as { client: ClientDefinition };
      const certificate = stored.event.type === CLIENT_REMOVED ? null : certificateOf(client);
      byClient.set(client.id, [...(byClient.get(client.id) ?? []), { position: stored.position, certificate }]);
    }
    return new RegistryHistory(byClient);
  }

  /** null: the producer was no registered client then (a service of the platform acting on its own). */
  certificateAt(clientId: string, position: number): RegisteredCertificate | null {
    const entries = this.byClient.get(clientId) ?? [];
    let found: RegisteredCertificate | null = null;
    for (const entry of entries) if (entry.position <= position) found = entry.certificate;
    return found;
  }
}

/** A certificate named by neither is named by the client's id (docs/client-registry.md). */
function certificateOf(client: ClientDefinition): RegisteredCertificate {
  const { commonName, sha256 } = client.certificate ?? {};
  return sha256 ? { sha256 } : { commonName: commonName ?? client.id };
}
