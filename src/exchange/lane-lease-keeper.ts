import type { ExchangeConfig } from '../config';
import type { Clock } from '../platform/clock';
import type { Logger } from '../platform/logger';
import type { ConsumerLane } from './consumer-lane';
import { planShards } from './group-shards';
import type { LaneGroup, LaneGroups } from './lane-groups';
import { handOutWindowMs, holdersSeenHere, membershipDue, renewalDue, type LaneLeases, type Renewal } from './lane-leases';
import type { LaneWaiters } from './lane-waiters';

/** How often every group's leases are checked; checks of the groups an instance joins or leaves come besides. */
export const LEASE_CHECK_EVERY_MS = 1000;

export type LaneLeaseKeeperDeps = {
  leases: LaneLeases;
  groups: LaneGroups;
  waiters: LaneWaiters;
  bridgeId: string;
  config: ExchangeConfig;
  clock: Clock;
  logger: Logger;
  /** log position at which each client was registered: a lane never written before starts after it */
  registeredAt: (clientId: string) => number;
  /** whether this process still holds its bridge id (BridgeIdKeeper.keep): when not, no lease is touched */
  holdBridgeId: () => Promise<boolean>;
};

/**
 * Keeps the leases of this bridge's group lanes: for each group it renews the leases this bridge serves
 * (writing the watermarks) and stands by where another bridge took a shard over, says whether it has
 * instances of the group, drains and then lets go of the shards over its share, and takes free shards up
 * to its share. Checks run one after another.
 */
export class LaneLeaseKeeper {
  /** each served lane's lease as this bridge last wrote it */
  private readonly renewals = new WeakMap<ConsumerLane, Renewal>();
  private leaseChecks: Promise<void> = Promise.resolve();
  /** a pass over every group is queued and not begun: the timer adds no other (a slow store must not pile passes up) */
  private fullPassQueued = false;
  private stopped = false;

  constructor(private readonly deps: LaneLeaseKeeperDeps) {}

  checkAll(): Promise<void> {
    if (this.fullPassQueued) return this.leaseChecks;
    this.fullPassQueued = true;
    return this.enqueue(undefined, () => (this.fullPassQueued = false));
  }

  /** Checks the groups an instance opened or left. */
  check(groups: LaneGroup[]): Promise<void> {
    return this.enqueue(groups);
  }

  /** The first step of a stop: no check begins from now on. */
  stop(): void {
    this.stopped = true;
  }

  /** After stop: once the check under way ends, lets every lease of this bridge go, and its memberships. */
  async releaseAll(): Promise<void> {
    await this.leaseChecks;
    for (const group of this.deps.groups.all()) {
      for (const lane of group.lanes) if (lane.isServing()) await this.deps.leases.release(lane.key, lane.watermark());
      await this.deps.leases.setMember(group.identity, false);
    }
  }

  private enqueue(only?: LaneGroup[], onBegin?: () => void): Promise<void> {
    // stopping releases every lease it holds; connections closing meanwhile must not take one again
    if (this.stopped) return this.leaseChecks;
    this.leaseChecks = this.leaseChecks.then(() => {
      onBegin?.();
      return this.updateLeases(only);
    }).catch((error) => {
      this.deps.logger.error({ err: error }, 'consumer group leases could not be checked; retrying in a second');
    });
    return this.leaseChecks;
  }

  private async updateLeases(only?: LaneGroup[]) {
    if (!(await this.deps.holdBridgeId())) return;
    const groups = only ?? this.deps.groups.all();
    const handingOutBefore = new Map(groups.flatMap((group) => group.lanes).map((lane) => [lane, lane.handingOut()]));
    // first every lease it serves on, before the slower work per group: a long pass must not let them lapse
    for (const lane of groups.flatMap((group) => group.lanes)) if (lane.isServing()) await this.renew(lane);
    for (const group of groups) await this.shareOut(group, handingOutBefore);
  }

  private async renew(lane: ConsumerLane) {
    const now = this.deps.clock.now().getTime();
    const acknowledgements = lane.acknowledgements();
    if (!renewalDue(this.renewals.get(lane), now, acknowledgements, this.deps.config.laneLeaseMs)) return;
    const askedAt = performance.now();
    if (await this.deps.leases.renew(lane.key, lane.watermark())) {
      lane.leaseRenewed(askedAt + handOutWindowMs(this.deps.config.laneLeaseMs));
      this.renewals.set(lane, { at: now, acknowledgements });
      return;
    }
    this.renewals.delete(lane);
    lane.standBy();
    this.deps.logger.warn({ lane: lane.key, bridge: this.deps.bridgeId }, 'another bridge serves this consumer group shard now; standing by');
  }

  private async shareOut(group: LaneGroup, handingOutBefore: Map<ConsumerLane, boolean>) {
    const { leases, waiters, bridgeId: me, config: { laneLeaseMs: leaseMs } } = this.deps;
    const { identity, lanes } = group;
    const member = group.readers > 0;
    const now = this.deps.clock.now().getTime();
    if (membershipDue(group.membership, member, now, leaseMs)) {
      await leases.setMember(identity, member);
      group.membership = { member, until: now + leaseMs };
    }
    // A group of one shard, served here and read here, keeps it whoever else joins: nothing to look up.
    if (member && lanes.length === 1 && lanes[0].isServing()) {
      lanes[0].stopDraining();
      if (lanes[0].handingOut() && !handingOutBefore.get(lanes[0])) waiters.notify(lanes);
      return;
    }
    const view = await leases.view(identity, lanes.length);
    const holders = holdersSeenHere(view.holders, lanes.map((lane) => lane.isServing()), me);
    const plan = planShards({ bridge: me, members: view.members, holders });
    for (const [shard, lane] of lanes.entries()) if (!plan.release.includes(shard)) lane.stopDraining();
    for (const shard of plan.release) await this.letGo(lanes[shard]);
    // Bridges with another shard count serve the group (a rolling change of EXCHANGE_GROUP_SHARDS):
    // their lanes overlap these, so one that serves none of its own waits for them to let go.
    const waitForOtherShardCount = view.otherShardCountServing && !lanes.some((lane) => lane.isServing());
    for (const shard of waitForOtherShardCount ? [] : plan.acquire) {
      const askedAt = performance.now();
      const acquiredAt = this.deps.clock.now().getTime();
      const watermark = await leases.acquire({ ...identity, key: lanes[shard].key, shard, shards: lanes.length }, this.deps.registeredAt(identity.clientId));
      if (watermark === null) continue;
      lanes[shard].serveFrom(watermark, askedAt + handOutWindowMs(leaseMs));
      this.renewals.set(lanes[shard], { at: acquiredAt, acknowledgements: lanes[shard].acknowledgements() });
    }
    // instances waiting for events wake for a lane that now hands them out again
    const handingOutNow = lanes.filter((lane) => lane.handingOut() && !handingOutBefore.get(lane));
    if (handingOutNow.length > 0) waiters.notify(handingOutNow);
    // A group no instance here reads any more, whose leases are let go, is forgotten: a bridge meets
    // many groups in its life (a group per deployment of a consumer, say), and checked every one of
    // them every second. Its lanes' watermarks stay in the store; an instance opening it starts anew.
    if (group.readers === 0 && !lanes.some((lane) => lane.isServing())) {
      this.deps.groups.forget(group);
      // a long poll of the group's last instance, deleted or expired, waits on these lanes: it ends now
      waiters.forget(lanes);
    }
  }

  /**
   * A shard over this bridge's share goes to another bridge, but only once its instances confirmed the
   * events they hold (or a lease's time passed): the bridge taking it over starts from the watermark,
   * and would otherwise hand the same events, and their partition keys, to a second instance.
   */
  private async letGo(lane: ConsumerLane) {
    if (!lane.isServing()) return;
    lane.drain(performance.now() + this.deps.config.laneLeaseMs);
    if (!lane.drained(performance.now())) return;
    const watermark = lane.watermark();
    lane.standBy();
    await this.deps.leases.release(lane.key, watermark);
  }
}
