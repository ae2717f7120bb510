import type { Clock } from '../platform/clock';
import { DuplicateDocumentError, type DocumentStore } from '../platform/document-store/document-store';
import type { EventKind } from '../platform/event-store/event-store';

export const LANES = 'exchange_lanes';
export const LANE_MEMBERS = 'exchange_lane_members';

/** A consumer group's lane (one shard of it) as the bridges share it: its confirmed watermark and which bridge serves it. */
export type LaneDocument = {
  _id: string;
  clientId: string;
  group: string;
  kind: EventKind;
  /** which of how many shards; absent on lanes written before groups had shards (one shard) */
  shard?: number;
  shards?: number;
  watermark: number;
  /** the bridge that serves the lane, and until when (ms since the epoch) unless it renews */
  bridge?: string;
  leaseUntil?: number;
  updatedAt: string;
};

/** That a bridge has instances of a group, renewed with its leases: the bridges that do share the shards. */
type MemberDocument = { _id: string; lanes: string; bridge: string; until: number };

/** One kind of events (standard, test, dead) of one consumer group of one client: the unit split into shards. */
export type LaneGroupIdentity = { clientId: string; group: string; kind: EventKind };
export type LaneIdentity = LaneGroupIdentity & { key: string; shard: number; shards: number };

export function groupKey({ clientId, group, kind }: LaneGroupIdentity): string {
  return `${clientId}/${group}/${kind}`;
}

/** One shard keeps the key lanes had before shards existed (the group's key), so their watermarks carry on. */
export function laneKey(group: LaneGroupIdentity, shard: number, shards: number): string {
  return shards === 1 ? groupKey(group) : `${groupKey(group)}#${shard}/${shards}`;
}

/** A lease as this bridge last wrote it: when (store clock, ms), and how many events the lane's instances had confirmed then. */
export type Renewal = { at: number; acknowledgements: number };
/** This bridge's membership of a group as it last wrote it, and until when the record holds (store clock, ms). */
export type Membership = { member: boolean; until: number };

/**
 * Whether a lane served here renews its lease (and writes its watermark) in this pass: its instances
 * confirmed events since the last renewal (a restart, or another bridge taking over, resumes from the
 * written watermark, and delivers again what was confirmed after it), or a third of the lease passed.
 * A watermark that moved only past events not for the group waits for the latter: reading those again
 * after a restart delivers nothing twice. A lane whose instances confirm nothing then writes every five
 * seconds of a 15 s lease instead of every second, and still renews well before this bridge stops
 * handing out (two thirds of the lease after a renewal).
 */
export function renewalDue(last: Renewal | undefined, now: number, acknowledgements: number, leaseMs: number): boolean {
  return !last || last.acknowledgements !== acknowledgements || now - last.at >= leaseMs / 3;
}

/** Whether this bridge writes its membership of a group in this pass: it changed, or its record lapses within two thirds of a lease. */
export function membershipDue(last: Membership | null, member: boolean, now: number, leaseMs: number): boolean {
  if (!last || last.member !== member) return true;
  return member && last.until - now <= (2 * leaseMs) / 3;
}

/**
 * How long after asking for (or renewing) a lease this bridge may hand events out: the lease less a
 * third of it, so that it stops before another bridge can take the lane over, even when it cannot
 * learn that it lost the lease (the store unreachable, the process paused). Bridges' clocks must agree
 * to well within that third.
 */
export function handOutWindowMs(leaseMs: number): number {
  return leaseMs - Math.floor(leaseMs / 3);
}

/**
 * The holder of each shard as this bridge counts it, from the store's view and the shards it serves. A
 * lane serving here is held here, even if its lease lapsed unseen (a pause) and was renewed just now:
 * taking it "again" would start it over under the instances holding its events. A lease still ours from
 * before a restart, on a lane not serving here, is free to take again.
 */
export function holdersSeenHere(stored: (string | null)[], servingHere: boolean[], bridge: string): (string | null)[] {
  return stored.map((holder, shard) => {
    if (servingHere[shard] && (holder === null || holder === bridge)) return bridge;
    return holder === bridge ? null : holder;
  });
}

/**
 * Leases on group lanes in the shared document store: one bridge at a time serves a lane (a shard of a
 * group), so its events go to the group's instances on that bridge; a lane moves to another bridge, from
 * the watermark its holder last wrote, when the holder lets it go or its lease lapses. Every write is one
 * conditional write of one document, atomic in both document stores. Bridges with instances of a group
 * also say so (members), which is how they share its shards out (group-shards.ts).
 */
export class LaneLeases {
  constructor(
    private readonly documents: DocumentStore,
    private readonly bridgeId: string,
    private readonly leaseMs: number,
    private readonly clock: Clock,
  ) {}

  /** The lookups every lease check makes per group: by group identity, and the members of a group. */
  async ensureIndexes(): Promise<void> {
    await this.documents.ensureIndexes([
      { collection: LANES, keys: { clientId: 1, group: 1, kind: 1 } },
      { collection: LANE_MEMBERS, keys: { lanes: 1 } },
    ]);
  }

  /**
   * Takes the lane if it is free, lapsed or already ours; returns the watermark to start from, or null.
   * A lane seen for the first time starts from the lowest watermark the group's lanes of another shard
   * count recorded (after a change of the shard count, events come again rather than being skipped), else
   * from firstStart. Never from its siblings': they serve other events, and may be far ahead already.
   */
  async acquire(lane: LaneIdentity, firstStart: number): Promise<number | null> {
    const now = this.clock.now().getTime();
    const lanes = this.documents.collection<LaneDocument>(LANES);
    const takeable = { _id: lane.key, $or: [{ bridge: this.bridgeId }, { bridge: { $exists: false } }, { leaseUntil: { $lt: now } }] };
    const { matched } = await lanes.updateOne(takeable, { $set: { bridge: this.bridgeId, leaseUntil: now + this.leaseMs, updatedAt: this.stamp() } });
    if (matched === 1) return (await lanes.findOne({ _id: lane.key }))?.watermark ?? firstStart;
    if (await lanes.findOne({ _id: lane.key })) return null;
    const { key, ...identity } = lane;
    const recorded = await lanes.find({ clientId: lane.clientId, group: lane.group, kind: lane.kind });
    const earlierCounts = recorded.filter((document) => (document.shards ?? 1) !== lane.shards);
    const start = earlierCounts.length > 0 ? Math.min(...earlierCounts.map((document) => document.watermark)) : firstStart;
    try {
      await lanes.insertOne({ _id: key, ...identity, watermark: start, bridge: this.bridgeId, leaseUntil: now + this.leaseMs, updatedAt: this.stamp() });
      return start;
    } catch (error) {
      if (error instanceof DuplicateDocumentError) return null;
      throw error;
    }
  }

  /** Records the watermark and extends the lease; false when another bridge holds the lane now. */
  async renew(key: string, watermark: number): Promise<boolean> {
    const leaseUntil = this.clock.now().getTime() + this.leaseMs;
    const { matched } = await this.documents
      .collection<LaneDocument>(LANES)
      .updateOne({ _id: key, bridge: this.bridgeId }, { $set: { watermark, leaseUntil, updatedAt: this.stamp() } });
    return matched === 1;
  }

  /** Records the watermark and lets the lane go at once (the last instance left, or the bridge stops). */
  async release(key: string, watermark: number): Promise<void> {
    await this.documents
      .collection<LaneDocument>(LANES)
      .updateOne({ _id: key, bridge: this.bridgeId }, { $set: { watermark, leaseUntil: 0, updatedAt: this.stamp() } });
  }

  /** Records that this bridge has instances of the group (true) or has none now (false). */
  async setMember(group: LaneGroupIdentity, member: boolean): Promise<void> {
    const members = this.documents.collection<MemberDocument>(LANE_MEMBERS);
    const _id = `${groupKey(group)}@${this.bridgeId}`;
    if (!member) await members.deleteOne({ _id });
    else await members.replaceOne({ _id }, { _id, lanes: groupKey(group), bridge: this.bridgeId, until: this.clock.now().getTime() + this.leaseMs }, { upsert: true });
  }

  /**
   * The bridges with instances of the group now, per shard the bridge whose lease on it is live (null:
   * none), and whether a bridge with another shard count holds a live lease on the group (its lanes
   * overlap these: both must not serve at once).
   */
  async view(group: LaneGroupIdentity, shards: number): Promise<{ members: string[]; holders: (string | null)[]; otherShardCountServing: boolean }> {
    const now = this.clock.now().getTime();
    const members = await this.documents.collection<MemberDocument>(LANE_MEMBERS).find({ lanes: groupKey(group), until: { $gt: now } });
    const holders: (string | null)[] = Array.from({ length: shards }, () => null);
    let otherShardCountServing = false;
    for (const lane of await this.documents.collection<LaneDocument>(LANES).find({ clientId: group.clientId, group: group.group, kind: group.kind })) {
      if (!lane.bridge || (lane.leaseUntil ?? 0) <= now) continue;
      if ((lane.shards ?? 1) === shards) holders[lane.shard ?? 0] = lane.bridge;
      else otherShardCountServing = true;
    }
    return { members: members.map((member) => member.bridge), holders, otherShardCountServing };
  }

  private stamp(): string {
    return this.clock.now().toISOString();
  }
}
