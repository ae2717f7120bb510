import type { DocumentStore } from '../document-store/document-store';
import type { EventStore } from '../event-store/event-store';
import type { Logger } from '../logger';
import type { Projection } from './projection';

const CHECKPOINTS = 'projection_checkpoints';
const BATCH_SIZE = 500;

type Checkpoint = { _id: string; position: number; updatedAt: string };

/**
 * Runs projections from their checkpoints. Each batch of events and the new checkpoint are written
 * in one document-store transaction: after a crash a projection resumes exactly where its last
 * committed batch ended, never applying an event twice or skipping one.
 */
export class ProjectionRunner {
  private readonly positions = new Map<string, number>();
  private readonly waiters: { position: number; resolve: () => void }[] = [];
  private running = false;
  private catchingUp: Promise<void> | null = null;
  private pendingWake = false;
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly events: EventStore,
    private readonly documents: DocumentStore,
    private readonly projections: Projection[],
    private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    await this.documents.ensureIndexes(this.projections.flatMap((projection) => projection.indexes ?? []));
    for (const projection of this.projections) {
      const checkpoint = await this.documents.collection<Checkpoint>(CHECKPOINTS).findOne({ _id: projection.name });
      this.positions.set(projection.name, checkpoint?.position ?? 0);
    }
    this.running = true;
    this.unsubscribe = this.events.onAppended(() => this.wake());
    await this.wake();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.unsubscribe?.();
    await this.catchingUp;
  }

  /** Resolves once every projection has applied the log up to this position (read-your-writes). */
  waitFor(position: number): Promise<void> {
    if (this.lowestPosition() >= position) return Promise.resolve();
    return new Promise((resolve) => {
      this.waiters.push({ position, resolve });
      void this.wake();
    });
  }

  /** Drops a projection's collections and checkpoint and replays the whole log into it. */
  async rebuild(name: string, onProgress?: (position: number, head: number) => void): Promise<number> {
    const projection = this.projections.find((candidate) => candidate.name === name);
    if (!projection) throw new Error(`unknown projection: ${name}`);
    await this.catchingUp;
    for (const collection of projection.collections) await this.documents.dropCollection(collection);
    await this.documents.collection(CHECKPOINTS).deleteOne({ _id: name });
    await this.documents.ensureIndexes(projection.indexes ?? []);
    this.positions.set(name, 0);
    const head = await this.events.headPosition();
    let applied = 0;
    while (this.positions.get(name)! < head) {
      applied += await this.applyNextBatch(projection);
      onProgress?.(this.positions.get(name)!, head);
    }
    return applied;
  }

  private wake(): Promise<void> {
    if (!this.running) return Promise.resolve();
    if (this.catchingUp) {
      this.pendingWake = true;
      return this.catchingUp;
    }
    this.catchingUp = this.catchUp()
      .catch((error) => this.logger.error({ err: error }, 'projection failed; it will retry on the next event'))
      .finally(() => {
        this.catchingUp = null;
        if (this.pendingWake) {
          this.pendingWake = false;
          void this.wake();
        }
      });
    return this.catchingUp;
  }

  private async catchUp(): Promise<void> {
    const head = await this.events.headPosition();
    for (const projection of this.projections) {
      while (this.running && this.positions.get(projection.name)! < head) {
        if ((await this.applyNextBatch(projection)) === 0 && this.positions.get(projection.name)! >= head) break;
      }
    }
    this.releaseWaiters();
  }

  private async applyNextBatch(projection: Projection): Promise<number> {
    const from = this.positions.get(projection.name)!;
    // The head is read first: a short batch then holds every matching event up to it, so the
    // checkpoint may move past the non-matching events in between.
    const head = await this.events.headPosition();
    const batch = await this.events.readAll({ after: from, limit: BATCH_SIZE, filter: { types: projection.eventTypes } });
    const lastInBatch = batch.length ? batch[batch.length - 1].position : from;
    const nextPosition = batch.length === BATCH_SIZE ? lastInBatch : Math.max(head, lastInBatch, from);
    if (nextPosition === from) return 0;
    await this.documents.withTransaction(async (session) => {
      for (const event of batch) await projection.apply(event, session);
      await session
        .collection<Checkpoint>(CHECKPOINTS)
        .replaceOne(
          { _id: projection.name },
          { _id: projection.name, position: nextPosition, updatedAt: new Date().toISOString() },
          { upsert: true },
        );
    });
    this.positions.set(projection.name, nextPosition);
    return batch.length;
  }

  private lowestPosition(): number {
    let lowest = Number.POSITIVE_INFINITY;
    for (const position of this.positions.values()) lowest = Math.min(lowest, position);
    return lowest === Number.POSITIVE_INFINITY ? Number.MAX_SAFE_INTEGER : lowest;
  }

  private releaseWaiters() {
    const reached = this.lowestPosition();
    for (let index = this.waiters.length - 1; index >= 0; index -= 1) {
      if (this.waiters[index].position <= reached) {
        this.waiters[index].resolve();
        this.waiters.splice(index, 1);
      }
    }
  }
}
