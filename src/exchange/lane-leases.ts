import type { Clock } from '../platform/clock';
import { DuplicateDocumentError, type DocumentStore } from '../platform/document-store/document-store';
import type { EventKind } from '../platform/event-store/event-store';

export const LANES = 'exchange_lanes';

/** A consumer group's lane as the bridges share it: its confirmed watermark and which bridge serves it. */
export type LaneDocument = {
  _id: string;
  clientId: string;
  group: string;
  kind: EventKind;
  watermark: number;
  /** the bridge that serves the lane, and until when (ms since the epoch) unless it renews */
  bridge?: string;
  leaseUntil?: number;
  updatedAt: string;
};

export type LaneIdentity = { key: string; clientId: string; group: string; kind: EventKind };

/**
 * Leases on group lanes in the shared document store: one bridge at a time serves a lane, so the
 * group's events go to its instances on that bridge; instances of the group on other bridges stand by
 * and take over, from the watermark the holder last wrote, once its lease lapses. Every operation is
 * one conditional write of one document, atomic in both document stores.
 */
export class LaneLeases {
  constructor(
    private readonly documents: DocumentStore,
    private readonly bridgeId: string,
    private readonly leaseMs: number,
    private readonly clock: Clock,
  ) {}

  /** Takes the lane if it is free, lapsed or already ours; returns the watermark to start from, or null. */
  async acquire(lane: LaneIdentity, firstStart: number): Promise<number | null> {
    const now = this.clock.now().getTime();
    const lanes = this.documents.collection<LaneDocument>(LANES);
    const takeable = { _id: lane.key, $or: [{ bridge: this.bridgeId }, { bridge: { $exists: false } }, { leaseUntil: { $lt: now } }] };
    const { matched } = await lanes.updateOne(takeable, { $set: { bridge: this.bridgeId, leaseUntil: now + this.leaseMs, updatedAt: this.stamp() } });
    if (matched === 1) return (await lanes.findOne({ _id: lane.key }))?.watermark ?? firstStart;
    try {
      const { key, ...identity } = lane;
      await lanes.insertOne({ _id: key, ...identity, watermark: firstStart, bridge: this.bridgeId, leaseUntil: now + this.leaseMs, updatedAt: this.stamp() });
      return firstStart;
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

  private stamp(): string {
    return this.clock.now().toISOString();
  }
}
