import { ConsumerLane, type LaneSource } from './consumer-lane';
import { groupKey, laneKey, type LaneGroupIdentity, type Membership } from './lane-leases';

/**
 * One kind of events of one consumer group of one client, and its lanes: one per shard, in shard order.
 * readers: how many instances on this bridge read it; membership: what this bridge last wrote of that.
 */
export type LaneGroup = { identity: LaneGroupIdentity; lanes: ConsumerLane[]; readers: number; membership: Membership | null };

/** The groups some instance on this bridge reads (or read, until their leases are let go), and their lanes. */
export class LaneGroups {
  private readonly groups = new Map<string, LaneGroup>();
  private readonly groupOfLane = new Map<ConsumerLane, LaneGroup>();

  constructor(
    private readonly shards: number,
    private readonly sourceOf: (identity: LaneGroupIdentity, shard: number, shards: number) => LaneSource,
  ) {}

  /** The group, with a lane per shard made for it when this bridge had none. */
  open(identity: LaneGroupIdentity): LaneGroup {
    const key = groupKey(identity);
    let group = this.groups.get(key);
    if (!group) {
      const lanes = Array.from({ length: this.shards }, (_, shard) => new ConsumerLane(laneKey(identity, shard, this.shards), this.sourceOf(identity, shard, this.shards)));
      group = { identity, lanes, readers: 0, membership: null };
      this.groups.set(key, group);
      for (const lane of lanes) this.groupOfLane.set(lane, group);
    }
    return group;
  }

  get(identity: LaneGroupIdentity): LaneGroup | undefined {
    return this.groups.get(groupKey(identity));
  }

  all(): LaneGroup[] {
    return [...this.groups.values()];
  }

  lanes(): Iterable<ConsumerLane> {
    return this.groupOfLane.keys();
  }

  identityOf(lane: ConsumerLane): LaneGroupIdentity | undefined {
    return this.groupOfLane.get(lane)?.identity;
  }

  /** The groups these lanes belong to, each once. */
  of(lanes: readonly ConsumerLane[]): LaneGroup[] {
    return [...new Set(lanes.map((lane) => this.groupOfLane.get(lane)!))];
  }

  forget(group: LaneGroup): void {
    const key = groupKey(group.identity);
    if (this.groups.get(key) === group) this.groups.delete(key);
    for (const lane of group.lanes) this.groupOfLane.delete(lane);
  }
}
