import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock';
import { contentHash } from '../event-store/event-identity';
import { NO_STREAM, type EventStore } from '../event-store/event-store';
import type { ClientDefinition, ClientRegistry } from './client-registry';

export const REGISTRY_STREAM = 'platform-client-registry';
export const CLIENT_REGISTERED = 'md.gov.platform.client.registered.v1';
export const CLIENT_CHANGED = 'md.gov.platform.client.changed.v1';
export const CLIENT_REMOVED = 'md.gov.platform.client.removed.v1';

type KnownClient = { hash: string; registeredAt: number };

/**
 * The registry file is what the operator edits; the log keeps its history. At start every client that
 * is new, changed or gone since the last start is recorded as an event, so auditors see who had which
 * rights when, and each client's consumer groups start at the position where it was registered.
 */
export async function recordRegistryChanges(store: EventStore, registry: ClientRegistry, clock: Clock): Promise<Map<string, number>> {
  const history = await store.readStream(REGISTRY_STREAM);
  const known = new Map<string, KnownClient>();
  for (const stored of history) {
    const { client, hash } = stored.event.data as { client: ClientDefinition; hash: string };
    if (stored.event.type === CLIENT_REMOVED) known.delete(client.id);
    else known.set(client.id, { hash, registeredAt: known.get(client.id)?.registeredAt ?? stored.position });
  }

  const changes: { type: string; client: ClientDefinition; hash: string }[] = [];
  for (const client of registry.clients) {
    const hash = contentHash(client);
    const before = known.get(client.id);
    if (!before) changes.push({ type: CLIENT_REGISTERED, client, hash });
    else if (before.hash !== hash) changes.push({ type: CLIENT_CHANGED, client, hash });
  }
  for (const id of known.keys()) {
    if (!registry.get(id)) changes.push({ type: CLIENT_REMOVED, client: { id } as ClientDefinition, hash: '' });
  }
  if (changes.length === 0) return new Map([...known].map(([id, entry]) => [id, entry.registeredAt]));

  const time = clock.now().toISOString();
  const result = await store.append(
    REGISTRY_STREAM,
    changes.map((change) => ({
      producer: 'platform',
      event: {
        specversion: '1.0' as const,
        id: randomUUID(),
        source: 'urn:md:gov:platform:registry',
        type: change.type,
        time,
        subject: change.client.id,
        datacontenttype: 'application/json',
        data: { client: change.client, hash: change.hash },
      },
    })),
    { expectedRevision: history.length === 0 ? NO_STREAM : history[history.length - 1].revision },
  );
  changes.forEach((change, index) => {
    if (change.type === CLIENT_REGISTERED) known.set(change.client.id, { hash: change.hash, registeredAt: result.positions[index] });
    if (change.type === CLIENT_REMOVED) known.delete(change.client.id);
  });
  return new Map([...known].map(([id, entry]) => [id, entry.registeredAt]));
}
