import type { ExchangeConfig } from '../config';
import type { Clock } from '../platform/clock';
import type { DocumentStore } from '../platform/document-store/document-store';
import { nextTurn } from '../platform/event-loop';
import type { EventKind, EventStore } from '../platform/event-store/event-store';
import type { LaneSource } from './consumer-lane';
import type { LaneGroups } from './lane-groups';
import { groupKey, laneKey, LANES, type LaneDocument, type LaneGroupIdentity } from './lane-leases';

/** How much of the log one status request may read to count what waits for a client's groups: events, and their sizes added up */
const STATUS_SCAN_BUDGET: ReadBudget = { events: 20_000, size: 64_000_000 };
const STATUS_READ_CHUNK = 1000;
const STATUS_READ_SIZE = 4_000_000;

/** Up to where one kind of events of a consumer group is confirmed: overall (the lowest of its shards) and per shard. */
export type GroupPositions = LaneGroupIdentity & {
  confirmedUpTo: number;
  shards: { shard: number; confirmedUpTo: number; servedBy: string | null }[];
};
/**
 * Where one kind of events of a consumer group stands (GET /ce/tools/my-groups). `waiting`: the events
 * after `confirmedUpTo` that the group gets, handed out or not yet; `exact` is false when the count
 * stopped at the request's reading budget and is a lower bound.
 */
export type GroupStatus = GroupPositions & { waiting: { events: number; exact: boolean } };

export type GroupStatusDeps = {
  events: EventStore;
  documents: DocumentStore;
  groups: LaneGroups;
  config: ExchangeConfig;
  clock: Clock;
  bridgeId: string;
  registeredAt: (clientId: string) => number;
  /** what a group's lane reads (laneSource), to count what waits for it as it would deliver it */
  sourceOf: (identity: LaneGroupIdentity, shard: number, shards: number) => LaneSource;
};

/** Where the consumer groups stand, for GET /ce/tools/my-groups and the metrics: what this bridge serves, and what the store says of the rest. */
export class GroupStatusScans {
  constructor(private readonly deps: GroupStatusDeps) {}

  /**
   * What each consumer group of a client has confirmed, and how many events wait for it. The waiting
   * events are counted by reading the log as the lanes do, with the client's rights as they are now, at
   * most STATUS_SCAN_BUDGET for the whole request, shared equally by the groups' lanes: taken in turn,
   * the first group used it up and every later one showed 0 waiting, however far behind it was.
   */
  async groupStatuses(clientId: string): Promise<{ logHead: number; groups: GroupStatus[] }> {
    const head = await this.deps.events.headPosition();
    const groups = await this.groupPositions(clientId);
    const lanes = groups.reduce((count, positions) => count + positions.shards.length, 0);
    const share: ReadBudget = { events: Math.floor(STATUS_SCAN_BUDGET.events / lanes), size: Math.floor(STATUS_SCAN_BUDGET.size / lanes) };
    const statuses: GroupStatus[] = [];
    for (const positions of groups) {
      const status: GroupStatus = { ...positions, waiting: { events: 0, exact: true } };
      for (const { shard, confirmedUpTo } of positions.shards) {
        const counted = await countDeliveries(this.deps.sourceOf(positions, shard, positions.shards.length), confirmedUpTo, head, share);
        status.waiting.events += counted.deliveries;
        status.waiting.exact &&= counted.complete;
      }
      statuses.push(status);
    }
    return { logHead: head, groups: statuses };
  }

  /**
   * The confirmed position of every consumer group (of one client, or of all), per shard and overall,
   * in order of client, group and kind. A lane served here gives its live watermark; one served
   * elsewhere the watermark its bridge last wrote with its lease (within 5 s by default); a group's lanes of another shard count
   * (before a change of EXCHANGE_GROUP_SHARDS) are not counted.
   */
  async groupPositions(clientId?: string): Promise<GroupPositions[]> {
    const now = this.deps.clock.now().getTime();
    const shards = this.deps.config.groupShards;
    const recorded = await this.deps.documents.collection<LaneDocument>(LANES).find(clientId === undefined ? {} : { clientId });
    const recordedByKey = new Map(recorded.map((lane) => [lane._id, lane]));
    const identities = new Map<string, LaneGroupIdentity>();
    for (const { clientId: owner, group, kind } of recorded) identities.set(groupKey({ clientId: owner, group, kind }), { clientId: owner, group, kind });
    for (const { identity } of this.deps.groups.all()) if (clientId === undefined || identity.clientId === clientId) identities.set(groupKey(identity), identity);
    return [...identities.values()].sort(byClientGroupKind).map((identity) => {
      const live = this.deps.groups.get(identity);
      const positions: GroupPositions = { ...identity, confirmedUpTo: Number.POSITIVE_INFINITY, shards: [] };
      for (let shard = 0; shard < shards; shard += 1) {
        const document = recordedByKey.get(laneKey(identity, shard, shards));
        const lane = live?.lanes[shard];
        const servedHere = lane?.isServing() ?? false;
        const confirmedUpTo = servedHere ? lane!.watermark() : (document?.watermark ?? this.deps.registeredAt(identity.clientId));
        const leaseLive = document?.bridge !== undefined && (document.leaseUntil ?? 0) > now;
        positions.shards.push({ shard, confirmedUpTo, servedBy: servedHere ? this.deps.bridgeId : leaseLive ? document!.bridge! : null });
        positions.confirmedUpTo = Math.min(positions.confirmedUpTo, confirmedUpTo);
      }
      return positions;
    });
  }
}

const KIND_ORDER: EventKind[] = ['standard', 'test', 'dead'];
function byClientGroupKind(a: LaneGroupIdentity, b: LaneGroupIdentity): number {
  return a.clientId.localeCompare(b.clientId) || a.group.localeCompare(b.group) || KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind);
}

/** How much of the log a count may read: events, and their sizes (StoredEvent.size) added up. */
export type ReadBudget = { events: number; size: number };

/**
 * How many events a lane would deliver after `from`, up to the log's head, reading within `budget`, in
 * reads of at most 4 MB (read: how much it may have read; complete: it reached the head).
 */
export async function countDeliveries(source: LaneSource, from: number, head: number, budget: ReadBudget): Promise<{ deliveries: number; read: ReadBudget; complete: boolean }> {
  let after = from;
  let deliveries = 0;
  const read: ReadBudget = { events: 0, size: 0 };
  while (after < head && read.events < budget.events && read.size < budget.size) {
    const limit = Math.min(STATUS_READ_CHUNK, budget.events - read.events);
    const batch = await source(after, limit, Math.min(STATUS_READ_SIZE, budget.size - read.size));
    deliveries += batch.deliveries.length;
    if (batch.scannedTo <= after) break;
    read.events += Math.min(limit, batch.scannedTo - after);
    read.size += batch.readSize;
    after = batch.scannedTo;
    await nextTurn();
  }
  return { deliveries, read, complete: after >= head };
}
