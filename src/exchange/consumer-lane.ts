import type { CloudEventRecord } from '../platform/event-store/event-store';
import { nextTurn } from '../platform/event-loop';

/** size: StoredEvent.size, what the event takes in memory, about */
export type Delivery = { position: number; event: CloudEventRecord; size: number };

/**
 * Reads the next events of a lane from the log: those it may deliver, how far it looked, whether that
 * reached the end of what the log held (the read stopped at neither of its limits: `limit` events of the
 * lane's kind, or events of the lane's kind whose sizes add up to `maxSize`), and the sizes of all the
 * events it read, the lane's or not, added up.
 */
export type LaneSource = (after: number, limit: number, maxSize: number) => Promise<{ deliveries: Delivery[]; scannedTo: number; atHead: boolean; readSize: number }>;

/**
 * A lane reads ahead until it holds 500 events or 4 MB of them for its instances, in reads of at most
 * 1,000 events or 4 MB: events of 500 KB, read a thousand at a time, took a bridge serving one group
 * reading them to 2.3 GB (docs/decisions.md).
 */
const REFILL_BELOW = 500;
const REFILL_BELOW_SIZE = 4_000_000;
const READ_CHUNK = 1000;
const READ_CHUNK_SIZE = 4_000_000;

/**
 * One consumer group's view of one kind of event (standard, test or dead) for one client.
 * The instances of the group share the lane: each event goes to one instance. An event with a
 * partition key goes only to the instance that holds that key's earlier unconfirmed events, so one
 * key's events are delivered in log order and never to two instances at once. Unconfirmed events of
 * an instance that goes away are put back, in order, for the others.
 */
export class ConsumerLane {
  private pending: Delivery[] = [];
  /** the sizes of the pending deliveries, added up */
  private pendingSize = 0;
  private readonly inflight = new Map<string, Map<number, Delivery>>();
  private readonly owners = new Map<string, { instanceId: string; count: number }>();
  private scanPosition: number;
  private caughtUp = false;
  private advancedDuringRead = false;
  private refilling: Promise<void> | null = null;
  /** whether this bridge serves the lane (holds its lease); a standby lane hands out nothing */
  private serving = false;
  /**
   * Until when (performance.now(), a monotonic clock) this bridge may hand events out: its lease as it last
   * confirmed it, less a margin. A bridge cut off from the store, or paused, stops by itself before
   * another may take the lane over, whether or not it can learn that it lost the lease.
   */
  private handOutUntil = 0;
  /** the lane is going to another bridge: nothing new is handed out, and the lease is let go once the instances confirmed what they hold, or at this time */
  private drainingUntil: number | null = null;
  /** bumped when the lane starts over, so a read begun before is dropped */
  private generation = 0;
  /** how many deliveries the lane has read from the log (readAhead compares) */
  private deliveriesRead = 0;
  /** how many deliveries its instances have confirmed (lease renewals compare) */
  private acknowledged = 0;

  constructor(
    readonly key: string,
    private readonly source: LaneSource,
  ) {
    this.scanPosition = 0;
  }

  /** This bridge now serves the lane, until `handOutUntil` unless its lease is renewed: it starts over from the group's shared watermark. */
  serveFrom(watermark: number, handOutUntil = Number.POSITIVE_INFINITY): void {
    this.startOver(watermark);
    this.serving = true;
    this.handOutUntil = handOutUntil;
  }

  /** The lease was renewed: events may be handed out until then. */
  leaseRenewed(handOutUntil: number): void {
    this.handOutUntil = handOutUntil;
  }

  /** Another bridge serves the lane (or none of this bridge's instances reads it): hand out nothing. */
  standBy(): void {
    this.startOver(this.scanPosition);
    this.serving = false;
    this.drainingUntil = null;
  }

  isServing(): boolean {
    return this.serving;
  }

  /** Stops handing out events, so the lane can go to another bridge without two instances holding one event. */
  drain(until: number): void {
    this.drainingUntil ??= until;
  }

  /** Draining, and every event handed out was confirmed (or given back), or the time to wait for that is up. */
  drained(now: number): boolean {
    if (this.drainingUntil === null) return false;
    return now >= this.drainingUntil || [...this.inflight.values()].every((deliveries) => deliveries.size === 0);
  }

  /** The lane stays here after all: it hands out events again. */
  stopDraining(): void {
    this.drainingUntil = null;
  }

  /** Whether this bridge may hand the lane's events out now. */
  handingOut(): boolean {
    return this.serving && this.drainingUntil === null && performance.now() < this.handOutUntil;
  }

  private startOver(position: number) {
    this.generation += 1;
    this.pending = [];
    this.pendingSize = 0;
    this.inflight.clear();
    this.owners.clear();
    this.scanPosition = position;
    this.caughtUp = false;
  }

  /** Everything at or below this position has been confirmed (or was never for this lane). */
  watermark(): number {
    let lowest = this.pending.length > 0 ? this.pending[0].position : Number.POSITIVE_INFINITY;
    for (const deliveries of this.inflight.values()) {
      for (const position of deliveries.keys()) lowest = Math.min(lowest, position);
    }
    return lowest === Number.POSITIVE_INFINITY ? this.scanPosition : lowest - 1;
  }

  /** New events were appended to the log: the next take looks again. */
  logAdvanced(): void {
    this.caughtUp = false;
    this.advancedDuringRead = true;
  }

  /** Up to `max` events for the instance, and none after the one that brings their total size to `maxSize`. */
  async take(instanceId: string, max: number, maxSize = Number.POSITIVE_INFINITY): Promise<Delivery[]> {
    if (!this.handingOut()) return [];
    if (this.wouldRead()) await this.refill();
    return this.handingOut() ? this.assign(instanceId, max, maxSize) : [];
  }

  /** How far the lane has read the log. */
  readUpTo(): number {
    return this.scanPosition;
  }

  /** Whether a take would read the log first: the lane hands events out, holds few, and the log moved since it last looked. */
  wouldRead(): boolean {
    return this.handingOut() && this.holdsFew() && !this.caughtUp;
  }

  private holdsFew(): boolean {
    return this.pending.length < REFILL_BELOW && this.pendingSize < REFILL_BELOW_SIZE;
  }

  /**
   * Reads what the log brought since the lane last looked, as a take would, without handing anything
   * out. Whether that found events for the lane: only then are its waiting instances woken.
   */
  async readAhead(): Promise<boolean> {
    if (!this.wouldRead()) return false;
    const before = this.deliveriesRead;
    await this.refill();
    return this.deliveriesRead > before;
  }

  /**
   * The log up to `position` holds nothing this lane delivers (the caller checked its types against the
   * client's rights): the lane reads on from there, and is caught up when the caller had read all the log
   * it was told of. Nothing changes while the lane reads, or does not hand events out.
   */
  passTo(position: number, caughtUp: boolean): void {
    if (this.refilling || !this.handingOut() || position <= this.scanPosition) return;
    this.scanPosition = position;
    if (caughtUp) this.caughtUp = true;
  }

  acknowledge(instanceId: string, positions: Iterable<number>): void {
    const deliveries = this.inflight.get(instanceId);
    if (!deliveries) return;
    for (const position of positions) {
      const delivery = deliveries.get(position);
      if (!delivery) continue;
      deliveries.delete(position);
      this.disown(delivery);
      this.acknowledged += 1;
    }
  }

  /** How many deliveries the lane's instances have confirmed so far. */
  acknowledgements(): number {
    return this.acknowledged;
  }

  /** The instance could not hand these out after all: they return to the group, in log order. */
  giveBack(instanceId: string, positions: number[]): void {
    const deliveries = this.inflight.get(instanceId);
    if (!deliveries) return;
    const returned: Delivery[] = [];
    for (const position of positions) {
      const delivery = deliveries.get(position);
      if (!delivery) continue;
      deliveries.delete(position);
      this.disown(delivery);
      returned.push(delivery);
    }
    if (returned.length === 0) return;
    this.pending = mergeByPosition(this.pending, returned.sort(byPosition));
    for (const delivery of returned) this.pendingSize += delivery.size;
  }

  /** The instance is gone: its unconfirmed events return to the group, in log order. */
  release(instanceId: string): number {
    const positions = [...(this.inflight.get(instanceId)?.keys() ?? [])];
    this.giveBack(instanceId, positions);
    this.inflight.delete(instanceId);
    return positions.length;
  }

  private assign(instanceId: string, max: number, maxSize: number): Delivery[] {
    const taken: Delivery[] = [];
    const remaining: Delivery[] = [];
    let takenSize = 0;
    let held = this.inflight.get(instanceId);
    for (const delivery of this.pending) {
      const key = partitionKeyOf(delivery);
      const owner = key === undefined ? undefined : this.owners.get(key);
      if (taken.length >= max || takenSize >= maxSize || (owner && owner.instanceId !== instanceId)) {
        remaining.push(delivery);
        continue;
      }
      if (key !== undefined) {
        if (owner) owner.count += 1;
        else this.owners.set(key, { instanceId, count: 1 });
      }
      if (!held) {
        held = new Map();
        this.inflight.set(instanceId, held);
      }
      held.set(delivery.position, delivery);
      taken.push(delivery);
      takenSize += delivery.size;
    }
    this.pending = remaining;
    this.pendingSize -= takenSize;
    return taken;
  }

  private disown(delivery: Delivery) {
    const key = partitionKeyOf(delivery);
    if (key === undefined) return;
    const owner = this.owners.get(key);
    if (!owner) return;
    owner.count -= 1;
    if (owner.count <= 0) this.owners.delete(key);
  }

  private refill(): Promise<void> {
    this.refilling ??= (async () => {
      const generation = this.generation;
      let behind = false;
      try {
        while (this.holdsFew() && !this.caughtUp) {
          // A lane far behind the log (a group back after a long pause, types the client rarely gets) may
          // read through much of it here; the embedded log reads on this thread, so other requests come in
          // between its chunks. A lane close to the head reads on without waiting for a turn.
          if (behind) await nextTurn();
          if (generation !== this.generation) return;
          this.advancedDuringRead = false;
          const { deliveries, scannedTo, atHead } = await this.source(this.scanPosition, READ_CHUNK, READ_CHUNK_SIZE);
          if (generation !== this.generation) return;
          const advanced = scannedTo > this.scanPosition;
          behind = !atHead;
          if (advanced) {
            this.scanPosition = scannedTo;
            this.pending.push(...deliveries);
            for (const delivery of deliveries) this.pendingSize += delivery.size;
            this.deliveriesRead += deliveries.length;
          }
          // an append announced while the read was under way may not be in what it returned: read again
          if ((atHead || !advanced) && !this.advancedDuringRead) this.caughtUp = true;
        }
      } finally {
        this.refilling = null;
      }
    })();
    return this.refilling;
  }
}

export function partitionKeyOf(delivery: Pick<Delivery, 'event'>): string | undefined {
  const key = delivery.event.partitionkey;
  return typeof key === 'string' ? key : undefined;
}

const byPosition = (a: Delivery, b: Delivery) => a.position - b.position;

function mergeByPosition(left: Delivery[], right: Delivery[]): Delivery[] {
  const merged: Delivery[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length || j < right.length) {
    if (j >= right.length || (i < left.length && left[i].position < right[j].position)) merged.push(left[i++]);
    else merged.push(right[j++]);
  }
  return merged;
}
