import { randomBytes } from 'node:crypto';
import type { ExchangeConfig } from '../config';
import type { Clock } from '../platform/clock';
import type { DocumentStore } from '../platform/document-store/document-store';
import type { EventKind, EventStore } from '../platform/event-store/event-store';
import type { ClientDefinition, ClientRegistry } from '../platform/identity/client-registry';
import type { Logger } from '../platform/logger';
import { ConsumerInstance, type DeliveryListener, type InstanceOptions, type OffsetDelivery } from './consumer-instance';
import { ConsumerLane, type LaneSource } from './consumer-lane';
import { mayConsume } from './exchange-rights';

const LANES = 'exchange_lanes';
const INSTANCES = 'exchange_instances';
const PERSIST_EVERY_MS = 1000;

type LaneDocument = { _id: string; clientId: string; group: string; kind: EventKind; watermark: number; updatedAt: string };
type InstanceDocument = { _id: string; bridge: string; clientId: string; options: InstanceOptions; createdAt: string };

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
};

/**
 * Consumer instances and the group lanes they share, on this bridge. Lane watermarks and long-polling
 * instances are kept in the document store, so after a restart a consumer keeps its instance URL and
 * its group resumes from the last confirmed position (delivery is at least once).
 */
export class ConsumerService {
  private readonly lanes = new Map<string, Promise<ConsumerLane>>();
  private readonly instances = new Map<string, ConsumerInstance>();
  private readonly waiters = new Set<() => void>();
  private readonly savedWatermarks = new Map<string, number>();
  private timers: NodeJS.Timeout[] = [];
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly deps: ConsumerServiceDeps) {}

  async start(): Promise<void> {
    this.unsubscribe = this.deps.events.onAppended(() => {
      void this.forEachLane((lane) => lane.logAdvanced()).then(() => this.notify());
    });
    const saved = await this.deps.documents.collection<InstanceDocument>(INSTANCES).find({ bridge: this.deps.bridgeId });
    for (const document of saved) {
      const client = this.deps.registry.get(document.clientId);
      if (client) await this.open(client, document.options, 'http', document._id);
      else await this.deps.documents.collection(INSTANCES).deleteOne({ _id: document._id });
    }
    const sweepEvery = Math.max(250, Math.min(10_000, Math.floor(this.deps.config.instanceIdleExpiryMs / 4)));
    this.timers.push(setInterval(() => void this.expireIdle(), sweepEvery).unref());
    this.timers.push(setInterval(() => void this.persistWatermarks(), PERSIST_EVERY_MS).unref());
  }

  async stop(): Promise<void> {
    this.timers.forEach(clearInterval);
    this.unsubscribe?.();
    this.notify();
    await this.persistWatermarks();
  }

  async create(client: ClientDefinition, options: InstanceOptions, transport: 'http' | 'websocket'): Promise<ConsumerInstance> {
    const instance = await this.open(client, options, transport, randomBytes(12).toString('hex'));
    if (transport === 'http') {
      await this.deps.documents.collection<InstanceDocument>(INSTANCES).insertOne({
        _id: instance.id,
        bridge: this.deps.bridgeId,
        clientId: client.id,
        options,
        createdAt: this.deps.clock.now().toISOString(),
      });
    }
    return instance;
  }

  find(clientId: string, group: string, instanceId: string): ConsumerInstance | undefined {
    const instance = this.instances.get(instanceId);
    return instance && instance.clientId === clientId && instance.options.group === group ? instance : undefined;
  }

  async delete(instance: ConsumerInstance, reason: string): Promise<void> {
    if (!this.instances.delete(instance.id)) return;
    const returned = instance.release();
    if (instance.transport === 'http') await this.deps.documents.collection(INSTANCES).deleteOne({ _id: instance.id });
    this.deps.logger.info({ instance: instance.id, client: instance.clientId, group: instance.options.group, returned, reason }, 'consumer instance deleted');
    this.notify();
  }

  confirm(instance: ConsumerInstance, upTo?: number): number {
    this.touch(instance);
    const confirmed = instance.confirm(upTo);
    if (confirmed > 0) this.notify();
    return confirmed;
  }

  touch(instance: ConsumerInstance): void {
    instance.lastActivity = this.deps.clock.now().getTime();
  }

  isOpen(instance: ConsumerInstance): boolean {
    return this.instances.get(instance.id) === instance;
  }

  /**
   * Long polling: waits until at least one event is available (or the timeout passes), then lingers
   * briefly so a batch read can collect more before answering.
   */
  async poll(
    instance: ConsumerInstance,
    options: { max: number; timeoutMs: number; lingerMs: number; isAbandoned: () => boolean },
  ): Promise<OffsetDelivery[]> {
    const deadline = Date.now() + options.timeoutMs;
    this.touch(instance);
    let taken: OffsetDelivery[] = [];
    while (this.isOpen(instance) && !options.isAbandoned()) {
      taken = await instance.take(options.max);
      if (taken.length > 0) break;
      const remaining = deadline - Date.now();
      if (remaining <= 0) break;
      await this.waitForChange(remaining);
    }
    if (taken.length > 0 && taken.length < options.max && options.lingerMs > 0) {
      await this.waitForChange(options.lingerMs);
      if (this.isOpen(instance)) taken.push(...(await instance.take(options.max - taken.length)));
    }
    this.touch(instance);
    return taken;
  }

  /** Resolves on the next append, confirm or release, or after timeoutMs. */
  waitForChange(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.waiters.add(done);
    });
  }

  instanceCount(): number {
    return this.instances.size;
  }

  private notify() {
    for (const waiter of [...this.waiters]) waiter();
  }

  private async open(client: ClientDefinition, options: InstanceOptions, transport: 'http' | 'websocket', id: string) {
    const kinds: EventKind[] = [
      ...(options.events ? (['standard'] as const) : []),
      ...(options.test ? (['test'] as const) : []),
      ...(options.dead ? (['dead'] as const) : []),
    ];
    const lanes = await Promise.all(kinds.map((kind) => this.lane(client, options.group, kind)));
    const instance = new ConsumerInstance(id, client.id, options, lanes, this.deps.clock.now().getTime(), transport, this.deps.onDelivered);
    this.instances.set(id, instance);
    return instance;
  }

  private lane(client: ClientDefinition, group: string, kind: EventKind): Promise<ConsumerLane> {
    const key = `${client.id}/${group}/${kind}`;
    let lane = this.lanes.get(key);
    if (!lane) {
      lane = (async () => {
        const saved = await this.deps.documents.collection<LaneDocument>(LANES).findOne({ _id: key });
        const start = saved?.watermark ?? this.deps.registeredAt(client.id);
        this.savedWatermarks.set(key, start);
        return new ConsumerLane(key, start, this.laneSource(client.id, kind));
      })();
      this.lanes.set(key, lane);
    }
    return lane;
  }

  private laneSource(clientId: string, kind: EventKind): LaneSource {
    return async (after, limit) => {
      const client = this.deps.registry.get(clientId);
      const head = await this.deps.events.headPosition();
      const rows = await this.deps.events.readAll({ after, limit, filter: { kinds: [kind] } });
      const last = rows.length > 0 ? rows[rows.length - 1].position : after;
      const scannedTo = rows.length === limit ? last : Math.max(head, last);
      const deliveries = rows
        .filter((row) => client && mayConsume(client, row.event.type) && (kind === 'standard' || row.producer === clientId))
        .map((row) => ({ position: row.position, event: row.event }));
      return { deliveries, scannedTo };
    };
  }

  private async forEachLane(action: (lane: ConsumerLane) => void) {
    for (const lane of this.lanes.values()) action(await lane);
  }

  private async expireIdle() {
    const cutoff = this.deps.clock.now().getTime() - this.deps.config.instanceIdleExpiryMs;
    for (const instance of [...this.instances.values()]) {
      if (instance.transport === 'http' && instance.lastActivity < cutoff) await this.delete(instance, 'idle expiry');
    }
  }

  private async persistWatermarks() {
    for (const [key, pending] of this.lanes) {
      const lane = await pending;
      const watermark = lane.watermark();
      if (this.savedWatermarks.get(key) === watermark) continue;
      const [clientId, group, kind] = key.split('/') as [string, string, EventKind];
      await this.deps.documents
        .collection<LaneDocument>(LANES)
        .replaceOne(
          { _id: key },
          { _id: key, clientId, group, kind, watermark, updatedAt: this.deps.clock.now().toISOString() },
          { upsert: true },
        );
      this.savedWatermarks.set(key, watermark);
    }
  }
}
