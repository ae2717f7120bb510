import type { ExchangeConfig } from '../config';
import type { Clock } from '../platform/clock';
import { tooManyRequests, type ProblemError } from '../platform/errors';
import type { EventKind } from '../platform/event-store/event-store';
import { kindsOf, type ConsumerInstance } from './consumer-instance';

/** Retry-After of a refused consumer instance: about as long as a consumer takes to close one it no longer needs */
const INSTANCE_LIMIT_RETRY_MS = 10_000;

/** A consumer instance on this bridge, as its client's developers see it. expiresAt: long polling only, unless it is used again. */
export type InstanceStatus = { instance: string; group: string; reads: EventKind[]; transport: 'http' | 'websocket'; unconfirmed: number; expiresAt?: string };

/** The consumer instances open on this bridge, by id, and when they were last used. */
export class ConsumerInstances {
  private readonly instances = new Map<string, ConsumerInstance>();

  constructor(
    private readonly config: ExchangeConfig,
    private readonly clock: Clock,
  ) {}

  /**
   * The 429 for a client that has as many consumer instances on this bridge as it may have, or null. Each
   * instance costs the bridge memory (a WebSocket's send buffer when its client stops reading, its group's
   * read-ahead), so one client must not open them without end.
   */
  limitRefusal(clientId: string): ProblemError | null {
    let count = 0;
    for (const instance of this.instances.values()) if (instance.clientId === clientId) count += 1;
    const most = this.config.maxInstancesPerClient;
    if (count < most) return null;
    return tooManyRequests(
      `client ${clientId} has ${count} consumer instances on this bridge, as many as it may have (EXCHANGE_MAX_INSTANCES_PER_CLIENT ${most}): delete those it no longer reads (DELETE the instance, close the WebSocket); idle long-polling instances expire`,
      INSTANCE_LIMIT_RETRY_MS,
    );
  }

  add(instance: ConsumerInstance): void {
    this.instances.set(instance.id, instance);
  }

  /** false when it was not open (deleted already) */
  remove(instance: ConsumerInstance): boolean {
    return this.instances.delete(instance.id);
  }

  find(clientId: string, group: string, instanceId: string): ConsumerInstance | undefined {
    const instance = this.instances.get(instanceId);
    return instance && instance.clientId === clientId && instance.options.group === group ? instance : undefined;
  }

  isOpen(instance: ConsumerInstance): boolean {
    return this.instances.get(instance.id) === instance;
  }

  touch(instance: ConsumerInstance): void {
    instance.lastActivity = this.clock.now().getTime();
  }

  /** Deletes, through `remove`, the long-polling instances idle past instanceIdleExpiryMs (none of their polls under way). */
  async expireIdle(remove: (instance: ConsumerInstance) => Promise<void>): Promise<void> {
    const cutoff = this.clock.now().getTime() - this.config.instanceIdleExpiryMs;
    for (const instance of [...this.instances.values()]) {
      if (instance.transport === 'http' && instance.reads === 0 && instance.lastActivity < cutoff) await remove(instance);
    }
  }

  /** How many consumer instances this bridge has, by transport. */
  counts(): Record<'http' | 'websocket', number> {
    const counts = { http: 0, websocket: 0 };
    for (const instance of this.instances.values()) counts[instance.transport] += 1;
    return counts;
  }

  /** A client's consumer instances on this bridge. */
  statusesOf(clientId: string): InstanceStatus[] {
    return [...this.instances.values()]
      .filter((instance) => instance.clientId === clientId)
      .map((instance) => ({
        instance: instance.id,
        group: instance.options.group,
        reads: kindsOf(instance.options),
        transport: instance.transport,
        unconfirmed: instance.unconfirmedCount,
        ...(instance.transport === 'http' ? { expiresAt: new Date(instance.lastActivity + this.config.instanceIdleExpiryMs).toISOString() } : {}),
      }));
  }
}
