import type { DocumentSession, DocumentStore } from '../document-store/document-store';
import { readLogBatch, type EventStore, type StoredEvent } from '../event-store/event-store';
import type { Logger } from '../logger';
import { CoalescedTask } from '../coalesced-task';
import type { Projection } from './projection';

const CHECKPOINTS = 'projection_checkpoints';
const BATCH_SIZE = 500;

/** rebuilding: set before a rebuild drops the projection's collections, cleared once they are gone */
type Checkpoint = { _id: string; position: number; updatedAt: string; rebuilding?: boolean };

/**
 * Runs projections from their checkpoints. Each batch of events and the new checkpoint are written
 * in one document-store transaction: after a crash a projection resumes exactly where its last
 * committed batch ended, never applying an event twice or skipping one.
 */
export class ProjectionRunner {
  private readonly positions = new Map<string, number>();
  private readonly waiters: { position: number; names?: string[]; resolve: () => void }[] = [];
  private running = false;
  private readonly catchingUp = new CoalescedTask(
    () => this.catchUp(),
    (error) => this.logger.error({ err: error }, 'projection failed; it will retry on the next event'),
  );
  private readonly rebuilding = new Set<string>();
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
      // a rebuild that stopped before its collections were all dropped starts over
      if (checkpoint?.rebuilding) await this.emptyProjection(projection);
      this.positions.set(projection.name, checkpoint?.rebuilding ? 0 : (checkpoint?.position ?? 0));
    }
    this.running = true;
    this.unsubscribe = this.events.onAppended(() => this.wake());
    await this.wake();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.unsubscribe?.();
    await this.catchingUp.idle();
    await this.saveCheckpoints().catch((error) => this.logger.warn({ err: error }, 'checkpoints not saved at stop; they are found again from the log'));
  }

  /**
   * Writes the checkpoints that moved in memory only, so a restart does not rescan those events. Only
   * forward: another bridge on the same read models may have committed further, or begun a rebuild, and
   * a checkpoint moved back would have its events applied again.
   */
  private async saveCheckpoints(): Promise<void> {
    await this.documents.withTransaction(async (session) => {
      for (const [name, position] of this.positions) {
        if (this.rebuilding.has(name)) continue;
        const stored = await session.collection<Checkpoint>(CHECKPOINTS).findOne({ _id: name });
        if (!stored || (!stored.rebuilding && stored.position < position)) await writeCheckpoint(session, name, position);
      }
    });
  }

  /**
   * Resolves once the named projections (all when none are named) have applied the log up to this
   * position: read-your-writes after a command. Naming them keeps one service's failing projection
   * from stalling another service's reads.
   */
  waitFor(position: number, projectionNames?: string[]): Promise<void> {
    if (this.lowestPosition(projectionNames) >= position) return Promise.resolve();
    return new Promise((resolve) => {
      this.waiters.push({ position, names: projectionNames, resolve });
      void this.wake();
    });
  }

  /** Drops a projection's collections and checkpoint and replays the whole log into it. */
  async rebuild(name: string, onProgress?: (position: number, head: number) => void): Promise<number> {
    const projection = this.projections.find((candidate) => candidate.name === name);
    if (!projection) throw new Error(`unknown projection: ${name}`);
    this.rebuilding.add(name);
    try {
      await this.catchingUp.idle();
      await this.emptyProjection(projection);
      this.positions.set(name, 0);
      const head = await this.events.headPosition();
      let applied = 0;
      while (this.positions.get(name)! < head) {
        applied += await this.applyNextBatch(projection);
        onProgress?.(this.positions.get(name)!, head);
      }
      return applied;
    } finally {
      this.rebuilding.delete(name);
      void this.wake();
    }
  }

  /**
   * Drops a projection's collections, its checkpoint at 0. The drops cannot share a transaction, so the
   * checkpoint says "rebuilding" until they are all done: a crash in between (documents half gone, the
   * checkpoint still at the head) would otherwise leave the projection empty for good.
   */
  private async emptyProjection(projection: Projection): Promise<void> {
    await writeCheckpoint(this.documents, projection.name, 0, { rebuilding: true });
    for (const collection of projection.collections) await this.documents.dropCollection(collection);
    await this.documents.ensureIndexes(projection.indexes ?? []);
    await writeCheckpoint(this.documents, projection.name, 0);
  }

  private wake(): Promise<void> {
    return this.running ? this.catchingUp.wake() : Promise.resolve();
  }

  /**
   * One cycle applies the next batch of every projection that is behind in one transaction (one commit
   * for all, not one each). If that transaction fails, each projection is retried in its own, so a
   * projection that keeps failing holds back only itself.
   */
  private async catchUp(): Promise<void> {
    for (;;) {
      const head = await this.events.headPosition();
      const behind = this.projections.filter((projection) => !this.rebuilding.has(projection.name) && this.positions.get(projection.name)! < head);
      if (!this.running || behind.length === 0) break;
      const plans = await Promise.all(behind.map((projection) => this.nextBatch(projection, head)));
      // Passing events a projection does not read changes none of its documents: that checkpoint moves in
      // memory only and is written with the projection's next batch (or at stop). Writing it on every
      // append of unrelated events was one read-model commit per log commit.
      for (const plan of plans) if (plan.batch.length === 0) this.positions.set(plan.projection.name, plan.nextPosition);
      const moving = plans.filter((plan) => plan.batch.length > 0);
      if (moving.length === 0) break;
      try {
        await this.commit(moving);
      } catch (error) {
        this.logger.warn({ err: error }, 'a projection batch failed; applying projections one by one');
        let progressed = false;
        for (const plan of moving) {
          try {
            await this.commit([plan]);
            progressed = true;
          } catch (projectionError) {
            this.logger.error({ err: projectionError, projection: plan.projection.name }, 'projection failed; it will retry on the next event');
          }
        }
        this.releaseWaiters();
        if (!progressed) break;
      }
      this.releaseWaiters();
    }
    this.releaseWaiters();
  }

  private async nextBatch(projection: Projection, head: number): Promise<BatchPlan> {
    const from = this.positions.get(projection.name)!;
    // the checkpoint may pass the events of other types up to the head (readLogBatch)
    const { events: batch, nextAfter: nextPosition } = await readLogBatch(this.events, { after: from, limit: BATCH_SIZE, filter: { types: projection.eventTypes } }, head);
    return { projection, batch, from, nextPosition };
  }

  /**
   * Applies the plans' batches and moves their checkpoints in one transaction. A batch whose stored
   * checkpoint is already past its start was applied already, by another bridge on the same read models
   * or by a commit that reported a failure yet went through (MongoDB's "unknown commit result"): it is
   * skipped, not applied twice. The stored checkpoint may also lag behind the start, since passing
   * unrelated events moves it in memory only.
   */
  private async commit(plans: BatchPlan[]): Promise<void> {
    const committedBefore = new Map<string, number>();
    await this.documents.withTransaction(async (session) => {
      committedBefore.clear();
      for (const { projection, batch, from, nextPosition } of plans) {
        const stored = await session.collection<Checkpoint>(CHECKPOINTS).findOne({ _id: projection.name });
        if (stored && stored.position > from) {
          committedBefore.set(projection.name, stored.position);
          continue;
        }
        for (const event of batch) await projection.apply(event, session);
        await writeCheckpoint(session, projection.name, nextPosition);
      }
    });
    for (const plan of plans) {
      const stored = committedBefore.get(plan.projection.name);
      if (stored !== undefined) this.logger.warn({ projection: plan.projection.name, position: stored }, 'a projection batch was already committed; skipped');
      this.positions.set(plan.projection.name, stored ?? plan.nextPosition);
    }
  }

  private async applyNextBatch(projection: Projection): Promise<number> {
    const plan = await this.nextBatch(projection, await this.events.headPosition());
    if (plan.nextPosition === this.positions.get(projection.name)) return 0;
    await this.commit([plan]);
    return plan.batch.length;
  }

  private lowestPosition(names?: string[]): number {
    let lowest = Number.POSITIVE_INFINITY;
    for (const [name, position] of this.positions) {
      if (!names || names.includes(name)) lowest = Math.min(lowest, position);
    }
    return lowest === Number.POSITIVE_INFINITY ? Number.MAX_SAFE_INTEGER : lowest;
  }

  private releaseWaiters() {
    for (let index = this.waiters.length - 1; index >= 0; index -= 1) {
      const waiter = this.waiters[index];
      if (waiter.position <= this.lowestPosition(waiter.names)) {
        waiter.resolve();
        this.waiters.splice(index, 1);
      }
    }
  }
}

/** from: the position the batch starts after (the projection's position when it was read) */
type BatchPlan = { projection: Projection; batch: StoredEvent[]; from: number; nextPosition: number };

function writeCheckpoint(session: DocumentSession, name: string, position: number, mark: { rebuilding?: true } = {}) {
  return session.collection<Checkpoint>(CHECKPOINTS).replaceOne({ _id: name }, { _id: name, position, updatedAt: new Date().toISOString(), ...mark }, { upsert: true });
}
