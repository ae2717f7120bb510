import { randomBytes } from 'node:crypto';
import type { ExchangeConfig } from '../config';
import type { ProblemError } from '../platform/errors';
import type { Clock } from '../platform/clock';
import type { DocumentStore } from '../platform/document-store/document-store';
import type { EventStore } from '../platform/event-store/event-store';
import type { ClientDefinition, ClientRegistry } from '../platform/identity/client-registry';
import type { Logger } from '../platform/logger';
import { BridgeClaim } from './bridge-claim';
import { BridgeIdKeeper } from './bridge-id-keeper';
import { ConsumerInstance, kindsOf, type DeliveryListener, type InstanceOptions, type OffsetBlocks, type OffsetDelivery } from './consumer-instance';
import { ConsumerInstances, type InstanceStatus } from './consumer-instances';
import type { ConsumerLane } from './consumer-lane';
import { GroupStatusScans, type GroupPositions, type GroupStatus } from './group-status';
import { LaneGroups } from './lane-groups';
import { LaneLeaseKeeper, LEASE_CHECK_EVERY_MS } from './lane-lease-keeper';
import { LaneLeases, type LaneGroupIdentity } from './lane-leases';
import { laneSource } from './lane-source';
import { LaneWaiters } from './lane-waiters';
import { LogTail } from './log-tail';
import { LongPolls, type PollOptions } from './long-poll';
import { SavedInstances } from './saved-instances';
import { WaiterReadAhead } from './waiter-read-ahead';

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
 * lane served by the bridge holding its lease (LaneLeaseKeeper). The bridges with instances of a group
 * share its shards out (planShards).
 */
export class ConsumerService {
  private readonly tail: LogTail;
  private readonly groups: LaneGroups;
  private readonly waiters = new LaneWaiters();
  private readonly instances: ConsumerInstances;
  private readonly saved: SavedInstances;
  private readonly polls: LongPolls;
  private readonly readAhead: WaiterReadAhead;
  private readonly idKeeper: BridgeIdKeeper;
  private readonly leases: LaneLeases;
  private readonly leaseKeeper: LaneLeaseKeeper;
  private readonly statuses: GroupStatusScans;
  private timers: NodeJS.Timeout[] = [];
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly deps: ConsumerServiceDeps) {
    const { events, documents, registry, config, clock, logger } = deps;
    this.tail = new LogTail(events);
    const sourceDeps = { events, registry, tail: this.tail };
    const sourceOf = (identity: LaneGroupIdentity, shard: number, shards: number) => laneSource(sourceDeps, identity, shard, shards);
    this.groups = new LaneGroups(config.groupShards, sourceOf);
    this.instances = new ConsumerInstances(config, clock);
    this.saved = new SavedInstances(documents, deps.bridgeId, clock);
    this.polls = new LongPolls({ config, logger, instances: this.instances, waiters: this.waiters });
    this.readAhead = new WaiterReadAhead({ tail: this.tail, groups: this.groups, waiters: this.waiters, registry, logger });
    const claim = deps.sharedStore ? new BridgeClaim(documents, deps.bridgeId, config.laneLeaseMs, clock) : null;
    this.idKeeper = new BridgeIdKeeper(claim, {
      bridgeId: deps.bridgeId,
      logger,
      // lanes of groups opened from now on start standing by, and no pass takes a lease until the id is back
      onTakenOver: () => this.groups.all().forEach((group) => group.lanes.forEach((lane) => lane.standBy())),
    });
    this.leases = new LaneLeases(documents, deps.bridgeId, config.laneLeaseMs, clock);
    this.leaseKeeper = new LaneLeaseKeeper({
      ...deps,
      leases: this.leases,
      groups: this.groups,
      waiters: this.waiters,
      holdBridgeId: () => this.idKeeper.keep(),
    });
    this.statuses = new GroupStatusScans({ ...deps, groups: this.groups, sourceOf });
  }

  async start(): Promise<void> {
    await this.idKeeper.claimAtStart(this.deps.config.laneLeaseMs + LEASE_CHECK_EVERY_MS);
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
    this.timers.push(setInterval(() => void this.leaseKeeper.checkAll(), LEASE_CHECK_EVERY_MS).unref());
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
    this.leaseKeeper.stop();
    await this.readAhead.idle();
    await this.leaseKeeper.releaseAll();
    await this.idKeeper.release();
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
    await this.leaseKeeper.check(groups);
    this.deps.logger.info({ instance: instance.id, client: instance.clientId, group: instance.options.group, returned, reason }, 'consumer instance deleted');
    this.waiters.notify(instance.lanes);
  }

  confirm(instance: ConsumerInstance, upTo?: number): number {
    this.instances.touch(instance);
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

  /** See LaneWaiters.waitForChange. */
  waitForChange(timeoutMs: number, lanes: readonly ConsumerLane[]): Promise<void> {
    return this.waiters.waitForChange(timeoutMs, lanes);
  }

  /** See LaneWaiters.waitForEvents. */
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
    await this.leaseKeeper.check(groups);
    return instance;
  }
}
