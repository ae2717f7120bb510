import { randomBytes } from 'node:crypto';
import { ConfigurationError, type ExchangeConfig } from '../config';
import type { ProblemError } from '../platform/errors';
import type { Clock } from '../platform/clock';
import type { DocumentStore } from '../platform/document-store/document-store';
import type { EventStore } from '../platform/event-store/event-store';
import type { ClientDefinition, ClientRegistry } from '../platform/identity/client-registry';
import type { Logger } from '../platform/logger';
import { BridgeClaim } from './bridge-claim';
import { ConsumerInstance, kindsOf, type DeliveryListener, type InstanceOptions, type OffsetBlocks, type OffsetDelivery } from './consumer-instance';
import type { ConsumerLane, LaneSource } from './consumer-lane';
import { GroupStatusScans, type GroupPositions, type GroupStatus } from './group-status';
import { ConsumerInstances, type InstanceStatus } from './consumer-instances';
import { LaneGroups, type LaneGroup } from './lane-groups';
import { laneSource } from './lane-source';
import { LaneWaiters } from './lane-waiters';
import { planShards } from './group-shards';
import { handOutWindowMs, holdersSeenHere, LaneLeases, membershipDue, renewalDue, type LaneGroupIdentity, type Renewal } from './lane-leases';
import { LogTail } from './log-tail';
import { LongPolls, type PollOptions } from './long-poll';
import { SavedInstances } from './saved-instances';
import { WaiterReadAhead } from './waiter-read-ahead';

const LEASE_CHECK_EVERY_MS = 1000;

export type ConsumerServiceDeps = {
  events: EventStore;
  documents: DocumentStore;
  registry: ClientRegistry;
  /** log position at which each client was registered: its groups start after it */
  registeredAt: (clientId: string) => number;
  config: ExchangeConfig;
  clock: Clock;
  logger: Logger;
  bridgeId: string;
  /** extension point: awaited before events reach a consumer (the event-logging service logs personal data here) */
  onDelivered?: DeliveryListener;
  /**
   * whether other processes may share the document store (MongoDB): the bridge id is then claimed
   * (BridgeClaim). On the embedded stores one process holds DATA_DIR, which already makes the id its own.
   */
  sharedStore?: boolean;
};

/**
 * Consumer instances and the group lanes they share, on this bridge. Lane watermarks and long-polling
 * instances are kept in the document store, so after a restart a consumer keeps its instance URL and
 * its group resumes from the last confirmed position (delivery is at least once).
 * Several bridges may share the stores: a group's events are split into shards (groupShards), each a
 * lane served by the bridge holding its lease (LaneLeases), renewed with the watermark (renewalDue).
 * The bridges with instances of a group share its shards out (planShards).
 */
export class ConsumerService {
  private readonly groups: LaneGroups;
  /** each served lane's lease as this bridge last wrote it */
  private readonly renewals = new WeakMap<ConsumerLane, Renewal>();
  private readonly instances: ConsumerInstances;
  private readonly saved: SavedInstances;
  private readonly waiters = new LaneWaiters();
  private readonly tail: LogTail;
  private readonly polls: LongPolls;
  private readonly readAhead: WaiterReadAhead;
  private readonly leases: LaneLeases;
  private readonly statuses: GroupStatusScans;
  private readonly claim: BridgeClaim | null;
  /** another process took this bridge id over: nothing is served until it lets it go */
  private idTakenOver = false;
  private leaseChecks: Promise<void> = Promise.resolve();
  /** a pass over every group is queued and not begun: the timer adds no other (a slow store must not pile passes up) */
  private fullPassQueued = false;
  private stopped = false;
  private timers: NodeJS.Timeout[] = [];
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly deps: ConsumerServiceDeps) {
    this.leases = new LaneLeases(deps.documents, deps.bridgeId, deps.config.laneLeaseMs, deps.clock);
    this.claim = deps.sharedStore ? new BridgeClaim(deps.documents, deps.bridgeId, deps.config.laneLeaseMs, deps.clock) : null;
    this.tail = new LogTail(deps.events);
    this.instances = new ConsumerInstances(deps.config, deps.clock);
    this.saved = new SavedInstances(deps.documents, deps.bridgeId, deps.clock);
    this.groups = new LaneGroups(deps.config.groupShards, (identity, shard, shards) => this.laneSource(identity, shard, shards));
    this.statuses = new GroupStatusScans({ ...deps, groups: this.groups, sourceOf: (identity, shard, shards) => this.laneSource(identity, shard, shards) });
    this.polls = new LongPolls({ config: deps.config, logger: deps.logger, instances: this.instances, waiters: this.waiters });
    this.readAhead = new WaiterReadAhead({ tail: this.tail, groups: this.groups, waiters: this.waiters, registry: deps.registry, logger: deps.logger });
  }

  async start(): Promise<void> {
    await this.claimBridgeId();
    await this.leases.ensureIndexes();
    await this.tail.start();
    this.unsubscribe = this.deps.events.onAppended(() => {
      this.tail.appended();
      for (const lane of this.groups.lanes()) lane.logAdvanced();
      void this.readAhead.wake();
    });
    await this.saved.restore(this.deps.registry, (id, client, options, blocks) => this.open(client, options, 'http', id, blocks));
    const sweepEvery = Math.max(250, Math.min(10_000, Math.floor(this.deps.config.instanceIdleExpiryMs / 4)));
    this.timers.push(setInterval(() => void this.instances.expireIdle((instance) => this.delete(instance, 'idle expiry')), sweepEvery).unref());
    this.timers.push(setInterval(() => void this.checkAllLeases(), LEASE_CHECK_EVERY_MS).unref());
  }

  /** The first step of a stop: waiting long polls answer now, and new ones at once. */
  endReads(): void {
    this.polls.endReads();
    this.waiters.notify();
  }

  async stop(): Promise<void> {
    this.timers.forEach(clearInterval);
    this.unsubscribe?.();
    this.waiters.notify();
    this.stopped = true;
    await this.readAhead.idle();
    await this.leaseChecks;
    for (const group of this.groups.all()) {
      for (const lane of group.lanes) if (lane.isServing()) await this.leases.release(lane.key, lane.watermark());
      await this.leases.setMember(group.identity, false);
    }
    await this.claim?.release();
  }

  /**
   * Claims this bridge id, waiting up to a lease for the claim of a process that ended without letting
   * it go (a crash) to lapse. Refuses to start while another live process renews it.
   */
  private async claimBridgeId() {
    if (!this.claim) return;
    const giveUpAt = Date.now() + this.deps.config.laneLeaseMs + LEASE_CHECK_EVERY_MS;
    while (!(await this.claim.claim())) {
      if (Date.now() > giveUpAt) {
        throw new ConfigurationError(`BRIDGE_ID ${this.deps.bridgeId} is in use by another running process: give each process its own`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  /** See ConsumerInstances.limitRefusal. */
  instanceLimitRefusal(clientId: string): ProblemError | null {
    return this.instances.limitRefusal(clientId);
  }

  async create(client: ClientDefinition, options: InstanceOptions, transport: 'http' | 'websocket'): Promise<ConsumerInstance> {
    const refusal = this.instances.limitRefusal(client.id);
    if (refusal) throw refusal;
    const id = randomBytes(12).toString('hex');
    if (transport === 'websocket') return this.open(client, options, transport, id);
    // a long-polling instance outlives a restart: it is saved, with its first block of offsets
    return this.open(client, options, transport, id, await this.saved.save(id, client.id, options));
  }

  find(clientId: string, group: string, instanceId: string): ConsumerInstance | undefined {
    return this.instances.find(clientId, group, instanceId);
  }

  async delete(instance: ConsumerInstance, reason: string): Promise<void> {
    if (!this.instances.remove(instance)) return;
    const groups = this.groups.of(instance.lanes);
    for (const group of groups) group.readers -= 1;
    const returned = instance.release();
    if (instance.transport === 'http') await this.saved.remove(instance.id);
    await this.checkLeases(groups);
    this.deps.logger.info({ instance: instance.id, client: instance.clientId, group: instance.options.group, returned, reason }, 'consumer instance deleted');
    this.waiters.notify(instance.lanes);
  }

  confirm(instance: ConsumerInstance, upTo?: number): number {
    this.touch(instance);
    const confirmed = instance.confirm(upTo);
    if (confirmed > 0) this.waiters.notify(instance.lanes);
    return confirmed;
  }

  /** A long poll's events that its client never got whole: see ConsumerInstance.takeBack. */
  takeBack(instance: ConsumerInstance, deliveries: OffsetDelivery[]): void {
    if (instance.takeBack(deliveries.map(({ offset }) => offset)) > 0) this.waiters.notify(instance.lanes);
  }

  touch(instance: ConsumerInstance): void {
    this.instances.touch(instance);
  }

  isOpen(instance: ConsumerInstance): boolean {
    return this.instances.isOpen(instance);
  }

  /** See LongPolls. */
  poll(instance: ConsumerInstance, options: PollOptions): Promise<OffsetDelivery[]> {
    return this.polls.poll(instance, options);
  }

  /**
   * Resolves when something changes in one of the lanes that may let an instance reading them take
   * events: new events for them, events given back, a confirm (which frees partition keys, and a
   * WebSocket's window), a lane starting to hand events out; or after timeoutMs.
   */
  waitForChange(timeoutMs: number, lanes: readonly ConsumerLane[]): Promise<void> {
    return this.waiters.waitForChange(timeoutMs, lanes);
  }

  /**
   * The same, after a take that found nothing: at once if a lane has not yet read events appended since
   * (they arrived while the take ran, and the read-ahead that follows appends passed it by).
   */
  waitForEvents(timeoutMs: number, lanes: readonly ConsumerLane[]): Promise<void> {
    return this.waiters.waitForEvents(timeoutMs, lanes);
  }

  /** See GroupStatusScans.groupStatuses. */
  groupStatuses(clientId: string): Promise<{ logHead: number; groups: GroupStatus[] }> {
    return this.statuses.groupStatuses(clientId);
  }

  /** See GroupStatusScans.groupPositions. */
  groupPositions(clientId?: string): Promise<GroupPositions[]> {
    return this.statuses.groupPositions(clientId);
  }

  /** How many consumer instances this bridge has, by transport. */
  instanceCounts(): Record<'http' | 'websocket', number> {
    return this.instances.counts();
  }

  /** A client's consumer instances on this bridge. */
  instancesOf(clientId: string): InstanceStatus[] {
    return this.instances.statusesOf(clientId);
  }

  private async open(client: ClientDefinition, options: InstanceOptions, transport: 'http' | 'websocket', id: string, offsetBlocks?: OffsetBlocks) {
    const groups = kindsOf(options).map((kind) => this.groups.open({ clientId: client.id, group: options.group, kind }));
    const lanes = groups.flatMap((group) => group.lanes);
    const instance = new ConsumerInstance(id, client.id, options, lanes, this.deps.clock.now().getTime(), transport, this.deps.onDelivered, offsetBlocks);
    this.instances.add(instance);
    for (const group of groups) group.readers += 1;
    await this.checkLeases(groups);
    return instance;
  }

  private checkAllLeases(): Promise<void> {
    if (this.fullPassQueued) return this.leaseChecks;
    this.fullPassQueued = true;
    return this.checkLeases(undefined, () => (this.fullPassQueued = false));
  }

  /**
   * For each group (all, or the ones given): renews the leases this bridge serves (writing the watermarks)
   * and stands by where another bridge took a shard over, says whether it has instances of the group,
   * drains and then lets go of the shards over its share, and takes free shards up to its share. Checks
   * run one after another.
   */
  private checkLeases(only?: LaneGroup[], onBegin?: () => void): Promise<void> {
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
    if (!(await this.holdBridgeId())) return;
    const me = this.deps.bridgeId;
    const groups = only ?? this.groups.all();
    const handingOutBefore = new Map(groups.flatMap((group) => group.lanes).map((lane) => [lane, lane.handingOut()]));
    const leaseMs = this.deps.config.laneLeaseMs;
    // first every lease it serves on, before the slower work per group: a long pass must not let them lapse
    for (const lane of groups.flatMap((group) => group.lanes)) {
      if (!lane.isServing()) continue;
      const now = this.deps.clock.now().getTime();
      const acknowledgements = lane.acknowledgements();
      if (!renewalDue(this.renewals.get(lane), now, acknowledgements, leaseMs)) continue;
      const askedAt = performance.now();
      if (await this.leases.renew(lane.key, lane.watermark())) {
        lane.leaseRenewed(askedAt + handOutWindowMs(this.deps.config.laneLeaseMs));
        this.renewals.set(lane, { at: now, acknowledgements });
        continue;
      }
      this.renewals.delete(lane);
      lane.standBy();
      this.deps.logger.warn({ lane: lane.key, bridge: me }, 'another bridge serves this consumer group shard now; standing by');
    }
    for (const group of groups) {
      const { identity, lanes } = group;
      const member = group.readers > 0;
      const now = this.deps.clock.now().getTime();
      if (membershipDue(group.membership, member, now, leaseMs)) {
        await this.leases.setMember(identity, member);
        group.membership = { member, until: now + leaseMs };
      }
      // A group of one shard, served here and read here, keeps it whoever else joins: nothing to look up.
      if (member && lanes.length === 1 && lanes[0].isServing()) {
        lanes[0].stopDraining();
        if (lanes[0].handingOut() && !handingOutBefore.get(lanes[0])) this.waiters.notify(lanes);
        continue;
      }
      const view = await this.leases.view(identity, lanes.length);
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
        const watermark = await this.leases.acquire({ ...identity, key: lanes[shard].key, shard, shards: lanes.length }, this.deps.registeredAt(identity.clientId));
        if (watermark === null) continue;
        lanes[shard].serveFrom(watermark, askedAt + handOutWindowMs(this.deps.config.laneLeaseMs));
        this.renewals.set(lanes[shard], { at: acquiredAt, acknowledgements: lanes[shard].acknowledgements() });
      }
      // instances waiting for events wake for a lane that now hands them out again
      const handingOutNow = lanes.filter((lane) => lane.handingOut() && !handingOutBefore.get(lane));
      if (handingOutNow.length > 0) this.waiters.notify(handingOutNow);
      // A group no instance here reads any more, whose leases are let go, is forgotten: a bridge meets
      // many groups in its life (a group per deployment of a consumer, say), and checked every one of
      // them every second. Its lanes' watermarks stay in the store; an instance opening it starts anew.
      if (group.readers === 0 && !lanes.some((lane) => lane.isServing())) {
        this.groups.forget(group);
        // a long poll of the group's last instance, deleted or expired, waits on these lanes: it ends now
        this.waiters.forget(lanes);
      }
    }
  }

  /**
   * Renews the claim on this bridge id. When another process took it over (this one was paused past its
   * lease), every lane stands by, and nothing is served until that process lets the id go.
   */
  private async holdBridgeId(): Promise<boolean> {
    if (!this.claim) return true;
    if (this.idTakenOver ? await this.claim.claim() : await this.claim.renew()) {
      if (this.idTakenOver) this.deps.logger.warn({ bridge: this.deps.bridgeId }, 'the bridge id is this process\'s again; serving');
      this.idTakenOver = false;
      return true;
    }
    if (!this.idTakenOver) {
      this.deps.logger.error({ bridge: this.deps.bridgeId }, 'another process runs with this bridge id; standing by on every consumer group');
      // lanes of groups opened from now on start standing by, and no pass takes a lease until the id is back
      for (const group of this.groups.all()) for (const lane of group.lanes) lane.standBy();
    }
    this.idTakenOver = true;
    return false;
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
    await this.leases.release(lane.key, watermark);
  }

  private laneSource(identity: LaneGroupIdentity, shard: number, shards: number): LaneSource {
    return laneSource({ events: this.deps.events, registry: this.deps.registry, tail: this.tail }, identity, shard, shards);
  }
}
