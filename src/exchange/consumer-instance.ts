import type { EventKind } from '../platform/event-store/event-store';
import type { ConsumerLane, Delivery } from './consumer-lane';

/** Told what an instance hands out before it leaves (e.g. to log personal-data deliveries); may delay it. */
export type DeliveryListener = (clientId: string, deliveries: Delivery[]) => void | Promise<void>;

export type InstanceOptions = { events: boolean; test: boolean; dead: boolean; group: string };

/** The kinds of events an instance reads: standard events, its producer's test events, its client's dead events. */
export function kindsOf(options: InstanceOptions): EventKind[] {
  return [...(options.events ? (['standard'] as const) : []), ...(options.test ? (['test'] as const) : []), ...(options.dead ? (['dead'] as const) : [])];
}

export type OffsetDelivery = Delivery & { offset: number };

/**
 * Offsets of an instance that outlives a restart (long polling): they are reserved in blocks, each saved
 * before any of its offsets is handed out, and after a restart the instance goes on after the last block
 * saved. So offsets only increase, and a confirm of an offset handed out before a restart acknowledges
 * nothing handed out after it.
 */
export type OffsetBlocks = { firstOffset: number; reservedUpTo: number; reserve(upTo: number): Promise<void> };
export const OFFSET_BLOCK = 10_000;

/** An event handed to an instance: the lane it came from, its log position and its size. */
type Held = { lane: ConsumerLane; position: number; size: number };

/**
 * One consumer instance: a long-polling client's base URL or one WebSocket connection. It reads from
 * the lanes its options select and numbers what it hands out with its own, always increasing offsets;
 * confirming an offset acknowledges everything it was given up to and including that offset.
 */
export class ConsumerInstance {
  private nextOffset: number;
  private readonly unconfirmed = new Map<number, Held>();
  private unconfirmedSizes = 0;
  private released = false;
  lastActivity: number;
  /** long polls waiting or answering for this instance: it is in use, so it does not expire */
  reads = 0;

  constructor(
    readonly id: string,
    readonly clientId: string,
    readonly options: InstanceOptions,
    readonly lanes: ConsumerLane[],
    now: number,
    readonly transport: 'http' | 'websocket',
    private readonly onDelivered?: DeliveryListener,
    private readonly offsetBlocks?: OffsetBlocks,
  ) {
    this.lastActivity = now;
    this.nextOffset = offsetBlocks?.firstOffset ?? 1;
  }

  get unconfirmedCount(): number {
    return this.unconfirmed.size;
  }

  /** the sizes of the events handed out and not confirmed, added up (StoredEvent.size) */
  get unconfirmedSize(): number {
    return this.unconfirmedSizes;
  }

  /**
   * How many more events, and how much more of their size, the instance may take while it holds at most
   * `maxEvents` unconfirmed events and `maxSize` of them (the event that reaches it included); null when
   * it must confirm first. Neither transport lets a consumer that does not confirm fill the bridge's memory.
   */
  room(maxEvents: number, maxSize: number): { events: number; size: number } | null {
    const events = maxEvents - this.unconfirmed.size;
    const size = maxSize - this.unconfirmedSizes;
    return events > 0 && size > 0 ? { events, size } : null;
  }

  /** Up to `max` events, and none after the one that brings their total size to `maxSize`. */
  async take(max: number, maxSize = Number.POSITIVE_INFINITY): Promise<OffsetDelivery[]> {
    await this.reserveOffsets(max);
    const collected: { lane: ConsumerLane; delivery: Delivery }[] = [];
    let collectedSize = 0;
    for (const lane of this.lanes) {
      if (collected.length >= max || collectedSize >= maxSize) break;
      for (const delivery of await lane.take(this.id, max - collected.length, maxSize - collectedSize)) {
        collected.push({ lane, delivery });
        collectedSize += delivery.size;
      }
    }
    try {
      // another take of this instance may have numbered its events meanwhile
      while (!this.hasReserved(collected.length)) await this.reserveOffsets(collected.length);
    } catch (error) {
      this.giveBack(collected.map(({ lane, delivery }) => ({ lane, position: delivery.position, size: delivery.size })));
      throw error;
    }
    if (this.released) {
      // the instance went away while the lanes read the log: what they gave it goes back to the group
      for (const lane of this.lanes) lane.release(this.id);
      return [];
    }
    collected.sort((a, b) => a.delivery.position - b.delivery.position);
    const taken = collected.map(({ lane, delivery }) => {
      const offset = this.nextOffset++;
      this.hold(offset, { lane, position: delivery.position, size: delivery.size });
      return { ...delivery, offset };
    });
    if (taken.length > 0 && this.onDelivered) {
      try {
        await this.onDelivered(this.clientId, taken);
      } catch (error) {
        // not handed out after all: a confirm must not acknowledge them, and the group gets them again
        const held = taken.flatMap(({ offset }) => this.unhold(offset) ?? []);
        this.giveBack(held);
        throw error;
      }
    }
    return taken;
  }

  /**
   * Events handed out whose answer never reached the client (a long poll it abandoned): no longer held,
   * so a confirm of a later offset cannot acknowledge them, and back to their groups. Returns how many
   * were still held (a confirm may have come first).
   */
  takeBack(offsets: number[]): number {
    const held = offsets.flatMap((offset) => this.unhold(offset) ?? []);
    this.giveBack(held);
    return held.length;
  }

  private hold(offset: number, held: Held): void {
    this.unconfirmed.set(offset, held);
    this.unconfirmedSizes += held.size;
  }

  private unhold(offset: number): Held | undefined {
    const held = this.unconfirmed.get(offset);
    if (!held) return undefined;
    this.unconfirmed.delete(offset);
    this.unconfirmedSizes -= held.size;
    return held;
  }

  /** Events this instance will not hand out after all, back to their lanes' groups. */
  private giveBack(deliveries: Held[]): void {
    for (const [lane, positions] of positionsByLane(deliveries)) lane.giveBack(this.id, positions);
  }

  private hasReserved(count: number): boolean {
    return !this.offsetBlocks || this.nextOffset + count - 1 <= this.offsetBlocks.reservedUpTo;
  }

  /** Makes sure the next `count` offsets are in a saved block. */
  private async reserveOffsets(count: number): Promise<void> {
    if (!this.hasReserved(count)) await this.offsetBlocks!.reserve(this.nextOffset + count - 1 + OFFSET_BLOCK);
  }

  /** Acknowledges everything handed out up to and including `upTo` (everything when absent). */
  confirm(upTo?: number): number {
    const acknowledged: Held[] = [];
    for (const [offset, held] of this.unconfirmed) {
      if (upTo !== undefined && offset > upTo) break;
      this.unhold(offset);
      acknowledged.push(held);
    }
    for (const [lane, positions] of positionsByLane(acknowledged)) lane.acknowledge(this.id, positions);
    return acknowledged.length;
  }

  release(): number {
    this.released = true;
    this.unconfirmed.clear();
    this.unconfirmedSizes = 0;
    return this.lanes.reduce((returned, lane) => returned + lane.release(this.id), 0);
  }
}

function positionsByLane(deliveries: Held[]): Map<ConsumerLane, number[]> {
  const byLane = new Map<ConsumerLane, number[]>();
  for (const { lane, position } of deliveries) {
    const positions = byLane.get(lane);
    if (positions) positions.push(position);
    else byLane.set(lane, [position]);
  }
  return byLane;
}
