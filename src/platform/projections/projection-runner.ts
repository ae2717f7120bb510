import { randomUUID } from 'node:crypto';
import type { DocumentSession, DocumentStore } from '../document-store/document-store';
import { readLogBatch, type EventStore, type StoredEvent } from '../event-store/event-store';
import type { Logger } from '../logger';
import { CoalescedTask } from '../coalesced-task';
import type { Projection } from './projection';

const CHECKPOINTS = 'projection_checkpoints';
const BATCH_SIZE = 500;

/**
 * rebuilding: set before a rebuild drops the projection's collections, cleared once they are gone.
 * version, indexes: the definition the documents were built by (absent in checkpoints written before
 * they were kept: version 1, indexes unknown). generation: drawn anew by every rebuild, so a bridge
 * learns that another one emptied the read model under it.
 */
type Checkpoint = { _id: string; position: number; updatedAt: string; rebuilding?: boolean; version?: number; indexes?: string; generation?: string };
type Definition = { version: number; indexes: string };

/**
 * Runs projections from their checkpoints. Each batch of events and the new checkpoint are written
 * in one document-store transaction: after a crash a projection resumes exactly where its last
 * committed batch ended, never applying an event twice or skipping one.
 */
export class ProjectionRunner {
  private readonly positions = new Map<string, number>();
  /** the rebuild each projection's documents here belong to (undefined: none recorded yet) */
  private readonly generations = new Map<string, string | undefined>();
  private readonly waiters: { position: number; names?: string[]; resolve: () => void }[] = [];
  private running = false;
  private stopping = false;
  private readonly catchingUp = new CoalescedTask(
    () => this.catchUp(),
    (error) => this.logger.error({ err: error }, 'projection failed; it will retry on the next event'),
  );
  private readonly rebuilding = new Set<string>();
  /** projections whose read model a bridge with a newer definition has taken over: not applied here */
  private readonly superseded = new Set<string>();
  private unsubscribe: (() => void) | null = null;
  /** projections whose last batch failed: since when (ms, epoch) they fail on the batch after `position` */
  private readonly failing = new Map<string, { since: number; position: number }>();
  /** a rebuild begun by the runner itself (redefinedElsewhere), awaited by stop() */
  private ownRebuild: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly events: EventStore,
    private readonly documents: DocumentStore,
    private readonly projections: Projection[],
    private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    for (const projection of this.projections) {
      const checkpoint = await this.documents.collection<Checkpoint>(CHECKPOINTS).findOne({ _id: projection.name });
      const decision = startDecision(checkpoint, definitionOf(projection));
      if (decision === 'superseded') {
        this.supersede(projection.name, checkpoint!);
      } else if (decision === 'rebuild') {
        // also a rebuild that stopped before its collections were all dropped: it starts over
        if (!checkpoint?.rebuilding) this.logger.info({ projection: projection.name }, 'projection definition changed: rebuilding it from the log');
        await this.emptyProjection(projection);
      } else {
        await this.documents.ensureIndexes(projection.indexes ?? []);
        this.positions.set(projection.name, checkpoint?.position ?? 0);
        this.generations.set(projection.name, checkpoint?.generation);
      }
    }
    this.running = true;
    this.unsubscribe = this.events.onAppended(() => this.wake());
    await this.wake();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.stopping = true;
    this.unsubscribe?.();
    await this.ownRebuild;
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
      for (const projection of this.projections) {
        const { name } = projection;
        if (this.rebuilding.has(name) || this.superseded.has(name)) continue;
        const position = this.positions.get(name);
        if (position === undefined) continue; // start() did not get this far
        const stored = await session.collection<Checkpoint>(CHECKPOINTS).findOne({ _id: name });
        const ours = stored && !stored.rebuilding && isOwnDefinition(stored, definitionOf(projection)) && stored.generation === this.generations.get(name);
        if (!stored || (ours && stored.position < position)) await writeCheckpoint(session, projection, position, this.generations.get(name));
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

  /** Up to which log position each projection has applied the log, in the order the projections were given. */
  appliedPositions(): { projection: string; position: number }[] {
    return this.projections.flatMap(({ name }) => (this.positions.has(name) ? [{ projection: name, position: this.positions.get(name)! }] : []));
  }

  /**
   * The projections that cannot apply their next batch (a projection retries it on every append, and
   * goes no further meanwhile): their reads are stale and commands that wait for them wait in vain.
   */
  stalledProjections(now = Date.now()): { projection: string; position: number; seconds: number }[] {
    return [...this.failing].map(([projection, { since, position }]) => ({ projection, position, seconds: Math.max(0, (now - since) / 1000) }));
  }

  /** Whether a rebuild of the projection is under way on this bridge. */
  isRebuilding(name: string): boolean {
    return this.rebuilding.has(name);
  }

  /**
   * Drops a projection's collections and checkpoint and replays the whole log into it. An abort (or a
   * stop) leaves it where its last batch committed: the projection goes on from there as usual.
   */
  async rebuild(name: string, onProgress?: (position: number, head: number) => void, signal?: AbortSignal): Promise<number> {
    const projection = this.projections.find((candidate) => candidate.name === name);
    if (!projection) throw new Error(`unknown projection: ${name}`);
    this.rebuilding.add(name);
    this.releaseWaiters();
    try {
      await this.catchingUp.idle();
      await this.emptyProjection(projection);
      const head = await this.events.headPosition();
      let applied = 0;
      // a stop leaves the rebuild where its last batch committed; the next start goes on from there
      while (this.positions.get(name)! < head && !this.stopping && !signal?.aborted) {
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
   * Drops a projection's collections, its checkpoint and position at 0, under a new generation. The drops cannot share a transaction, so the
   * checkpoint says "rebuilding" until they are all done: a crash in between (documents half gone, the
   * checkpoint still at the head) would otherwise leave the projection empty for good.
   */
  private async emptyProjection(projection: Projection): Promise<void> {
    const generation = randomUUID();
    this.failing.delete(projection.name);
    this.generations.set(projection.name, generation);
    this.positions.set(projection.name, 0);
    await writeCheckpoint(this.documents, projection, 0, generation, { rebuilding: true });
    for (const collection of projection.collections) await this.documents.dropCollection(collection);
    await this.documents.ensureIndexes(projection.indexes ?? []);
    await writeCheckpoint(this.documents, projection, 0, generation);
  }

  /**
   * Another bridge wrote the read model under another definition. An older one (two bridges starting at
   * once, the older one's rebuild last): rebuild it again with this one. Otherwise leave it to the other.
   */
  private redefinedElsewhere(projection: Projection, stored: Checkpoint): void {
    if ((stored.version ?? 1) >= definitionOf(projection).version) return this.supersede(projection.name, stored);
    this.logger.warn({ projection: projection.name, version: stored.version }, 'a bridge with an older definition rebuilt this read model: rebuilding it again');
    this.ownRebuild = this.rebuild(projection.name).catch((error) =>
      this.logger.error({ err: error, projection: projection.name }, 'rebuild failed; it runs again at the next start'),
    );
  }

  /** Stops applying a projection whose read model a newer definition now builds; its reads wait for nothing. */
  private supersede(name: string, stored: Checkpoint): void {
    if (this.superseded.has(name)) return;
    this.superseded.add(name);
    this.positions.set(name, Number.MAX_SAFE_INTEGER);
    this.logger.warn({ projection: name, version: stored.version }, 'a bridge with a newer definition of this projection builds its read model: not applied here');
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
      const behind = this.projections.filter(
        (projection) => !this.rebuilding.has(projection.name) && !this.superseded.has(projection.name) && this.positions.get(projection.name)! < head,
      );
      if (!this.running || behind.length === 0) break;
      const plans = await Promise.all(behind.map((projection) => this.nextBatch(projection, head)));
      // Passing events a projection does not read changes none of its documents: that checkpoint moves in
      // memory only and is written with the projection's next batch (or at stop). Writing it on every
      // append of unrelated events was one read-model commit per log commit.
      for (const plan of plans) if (plan.batch.length === 0) this.positions.set(plan.projection.name, plan.nextPosition);
      const moving = plans.filter((plan) => plan.batch.length > 0);
      if (moving.length === 0) break;
      try {
        // another bridge is emptying a read model: nothing to apply until it has, the next wake goes on
        if ((await this.commit(moving)) === 'another bridge is emptying') break;
      } catch (error) {
        this.logger.warn({ err: error }, 'a projection batch failed; applying projections one by one');
        let progressed = false;
        for (const plan of moving) {
          try {
            await this.commit([plan]);
            progressed = true;
          } catch (projectionError) {
            this.logger.error({ err: projectionError, projection: plan.projection.name, position: plan.from }, 'projection failed; it will retry on the next event');
            if (!this.failing.has(plan.projection.name)) this.failing.set(plan.projection.name, { since: Date.now(), position: plan.from });
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
    const filter = { types: projection.eventTypes, kinds: ['standard' as const], streamPrefix: projection.streamPrefix };
    const { events: batch, nextAfter: nextPosition } = await readLogBatch(this.events, { after: from, limit: BATCH_SIZE, filter }, head);
    return { projection, batch, from, nextPosition };
  }

  /**
   * Applies the plans' batches and moves their checkpoints in one transaction. A batch whose stored
   * checkpoint is already past its start was applied already, by another bridge on the same read models
   * or by a commit that reported a failure yet went through (MongoDB's "unknown commit result"): it is
   * skipped, not applied twice. The stored checkpoint may also lag behind the start, since passing
   * unrelated events moves it in memory only. A read model that a bridge with another definition rebuilt
   * meanwhile is not written with this one's.
   */
  private async commit(plans: BatchPlan[]): Promise<'committed' | 'another bridge is emptying'> {
    const committedBefore = new Map<string, number>();
    const redefined = new Map<string, Checkpoint>();
    const rebuiltElsewhere = new Map<string, Checkpoint>();
    let emptying = false;
    await this.documents.withTransaction(async (session) => {
      committedBefore.clear();
      redefined.clear();
      rebuiltElsewhere.clear();
      for (const { projection, batch, from, nextPosition } of plans) {
        const stored = await session.collection<Checkpoint>(CHECKPOINTS).findOne({ _id: projection.name });
        if (stored && !isOwnDefinition(stored, definitionOf(projection))) {
          redefined.set(projection.name, stored);
          continue;
        }
        if (stored && stored.generation !== this.generations.get(projection.name)) {
          rebuiltElsewhere.set(projection.name, stored);
          continue;
        }
        if (stored && stored.position > from) {
          committedBefore.set(projection.name, stored.position);
          continue;
        }
        for (const event of batch) await projection.apply(event, session);
        await writeCheckpoint(session, projection, nextPosition, this.generations.get(projection.name));
      }
    });
    for (const plan of plans) {
      const other = redefined.get(plan.projection.name);
      if (other) {
        this.redefinedElsewhere(plan.projection, other);
        continue;
      }
      const rebuilt = rebuiltElsewhere.get(plan.projection.name);
      if (rebuilt) {
        // another bridge emptied the read model and builds it again: carry on from where it stands
        this.logger.warn({ projection: plan.projection.name, position: rebuilt.position }, 'another bridge rebuilds this read model: following its rebuild');
        this.generations.set(plan.projection.name, rebuilt.generation);
        this.positions.set(plan.projection.name, rebuilt.position);
        if (rebuilt.rebuilding) emptying = true;
        continue;
      }
      this.failing.delete(plan.projection.name);
      const stored = committedBefore.get(plan.projection.name);
      if (stored !== undefined) this.logger.warn({ projection: plan.projection.name, position: stored }, 'a projection batch was already committed; skipped');
      this.positions.set(plan.projection.name, stored ?? plan.nextPosition);
    }
    return emptying ? 'another bridge is emptying' : 'committed';
  }

  private async applyNextBatch(projection: Projection): Promise<number> {
    const plan = await this.nextBatch(projection, await this.events.headPosition());
    if (plan.nextPosition === this.positions.get(projection.name)) return 0;
    if ((await this.commit([plan])) === 'another bridge is emptying') await new Promise((resolve) => setTimeout(resolve, 100));
    return plan.batch.length;
  }

  /**
   * How far the named projections (all when none are named) have applied the log. One being rebuilt on
   * this bridge is left out: its read model is incomplete until the rebuild ends whatever a reader waits
   * for, and a command waiting for it would wait as long as the rebuild takes.
   */
  private lowestPosition(names?: string[]): number {
    let lowest = Number.POSITIVE_INFINITY;
    for (const [name, position] of this.positions) {
      if (this.rebuilding.has(name)) continue;
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

function writeCheckpoint(session: DocumentSession, projection: Projection, position: number, generation: string | undefined, mark: { rebuilding?: true } = {}) {
  const checkpoint: Checkpoint = {
    _id: projection.name,
    position,
    updatedAt: new Date().toISOString(),
    ...definitionOf(projection),
    ...(generation === undefined ? {} : { generation }),
    ...mark,
  };
  return session.collection<Checkpoint>(CHECKPOINTS).replaceOne({ _id: projection.name }, checkpoint, { upsert: true });
}

/** What a projection's documents are built by: its version and its indexes. */
export function definitionOf(projection: Projection): Definition {
  return { version: projection.version ?? 1, indexes: JSON.stringify(projection.indexes ?? []) };
}

/**
 * What to do at start with a projection's stored read model. An older version or other indexes: rebuild
 * it from the log (dropping the collections drops the old indexes). A newer version: another bridge runs
 * newer code, which owns the read model now. A checkpoint from before definitions were kept was built
 * by version 1 with the indexes of its day, which ensureIndexes creates if missing.
 */
export function startDecision(stored: Checkpoint | null, own: Definition): 'resume' | 'rebuild' | 'superseded' {
  if (!stored) return 'resume';
  const version = stored.version ?? 1;
  if (version > own.version) return 'superseded';
  if (stored.rebuilding || version < own.version) return 'rebuild';
  return stored.indexes === undefined || stored.indexes === own.indexes ? 'resume' : 'rebuild';
}

/** Whether a stored checkpoint was written by this definition (or by one from before definitions were kept, as version 1). */
function isOwnDefinition(stored: Checkpoint, own: Definition): boolean {
  if (stored.version === undefined) return own.version === 1;
  return stored.version === own.version && stored.indexes === own.indexes;
}
