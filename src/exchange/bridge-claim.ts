import { randomUUID } from 'node:crypto';
import type { Clock } from '../platform/clock';
import { DuplicateDocumentError, type DocumentStore } from '../platform/document-store/document-store';

export const BRIDGES = 'exchange_bridges';

/** Which running process is a bridge now, and until when unless it renews (ms since the epoch). */
type BridgeDocument = { _id: string; incarnation: string; until: number; updatedAt: string };

/**
 * A bridge id names one running process: lane leases and long-polling instances are keyed by it, so two
 * live processes with one id would serve the same lanes and instances at once (a replacement started
 * while the process it replaces was only paused, say). On shared read models each process claims its
 * id with an incarnation of its own, renewed with its leases, and lets it go when it stops.
 */
export class BridgeClaim {
  readonly incarnation = randomUUID();

  constructor(
    private readonly documents: DocumentStore,
    private readonly bridgeId: string,
    private readonly leaseMs: number,
    private readonly clock: Clock,
  ) {}

  /** Claims the id when it is free, lapsed or ours; false when another live process holds it. */
  async claim(): Promise<boolean> {
    const now = this.clock.now().getTime();
    const bridges = this.documents.collection<BridgeDocument>(BRIDGES);
    const claimable = { _id: this.bridgeId, $or: [{ incarnation: this.incarnation }, { until: { $lt: now } }] };
    if ((await bridges.updateOne(claimable, { $set: this.claimed(now) })).matched === 1) return true;
    try {
      await bridges.insertOne({ _id: this.bridgeId, ...this.claimed(now) });
      return true;
    } catch (error) {
      if (error instanceof DuplicateDocumentError) return false;
      throw error;
    }
  }

  /** Extends the claim; false when another process took the id over (this one's claim had lapsed). */
  async renew(): Promise<boolean> {
    const now = this.clock.now().getTime();
    const { matched } = await this.documents
      .collection<BridgeDocument>(BRIDGES)
      .updateOne({ _id: this.bridgeId, incarnation: this.incarnation }, { $set: this.claimed(now) });
    return matched === 1;
  }

  async release(): Promise<void> {
    await this.documents.collection<BridgeDocument>(BRIDGES).deleteOne({ _id: this.bridgeId, incarnation: this.incarnation });
  }

  private claimed(now: number) {
    return { incarnation: this.incarnation, until: now + this.leaseMs, updatedAt: new Date(now).toISOString() };
  }
}
