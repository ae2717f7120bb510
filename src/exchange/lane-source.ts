import { readLogBatch, type EventStore } from '../platform/event-store/event-store';
import type { ClientRegistry } from '../platform/identity/client-registry';
import type { LaneSource } from './consumer-lane';
import { mayConsume } from './exchange-rights';
import { shardOf } from './group-shards';
import type { LaneGroupIdentity } from './lane-leases';
import type { LogTail } from './log-tail';

export type LaneSourceDeps = { events: EventStore; registry: ClientRegistry; tail: LogTail };

/**
 * What one shard of a group's lane reads: the events of its kind, through the tail when it holds them
 * (else from the log), that the client may consume with its rights as they are at the read, of its own
 * producing for test and dead events, and that fall in the shard.
 */
export function laneSource(deps: LaneSourceDeps, { clientId, kind }: LaneGroupIdentity, shard: number, shards: number): LaneSource {
  return async (after, limit, maxSize) => {
    const client = deps.registry.get(clientId);
    const read = (await deps.tail.read(after, limit, maxSize, kind)) ?? (await readLogBatch(deps.events, { after, limit, maxSize, filter: { kinds: [kind] } }));
    const deliveries = read.events
      .filter((row) => client && mayConsume(client, row.event.type) && (kind === 'standard' || row.producer === clientId))
      .map((row) => ({ position: row.position, event: row.event, size: row.size }))
      .filter((delivery) => shardOf(delivery, shards) === shard);
    return { deliveries, scannedTo: read.nextAfter, atHead: !read.full, readSize: read.size };
  };
}
