import { randomUUID } from 'node:crypto';
import type { Logger } from '../../platform/logger';
import type { ProjectionRunner } from '../../platform/projections/projection-runner';

export type RebuildState = 'running' | 'done' | 'failed' | 'stopped';

/** One rebuild of a projection on this bridge, as its progress bar shows it. */
export type Rebuild = {
  id: string;
  projection: string;
  startedBy: string;
  startedAt: string;
  state: RebuildState;
  /** up to where the log has been applied again, of the head it was started at */
  position: number;
  head: number;
  finishedAt?: string;
  error?: string;
};

export class RebuildUnderWayError extends Error {
  constructor(readonly projection: string) {
    super(`projection ${projection} is being rebuilt already`);
    this.name = 'RebuildUnderWayError';
  }
}

/**
 * Rebuilds of read-model projections on the running platform (ProjectionRunner.rebuild): one at a time per
 * projection; the rest of the platform goes on, and the other projections keep applying the log. A stop
 * ends a rebuild where its last batch committed, from where the projection goes on by itself.
 * The last rebuilds are kept in memory, for their progress to be asked.
 */
export class ProjectionRebuilds {
  private readonly rebuilds = new Map<string, Rebuild>();
  private readonly running = new Set<Promise<unknown>>();
  private readonly abort = new AbortController();

  constructor(
    private readonly projections: ProjectionRunner,
    private readonly logger: Logger,
    private readonly now: () => Date,
  ) {}

  start(projection: string, startedBy: string): Rebuild {
    if (this.projections.isRebuilding(projection)) throw new RebuildUnderWayError(projection);
    const rebuild: Rebuild = { id: randomUUID(), projection, startedBy, startedAt: this.now().toISOString(), state: 'running', position: 0, head: 0 };
    this.remember(rebuild);
    this.logger.info({ projection, rebuild: rebuild.id, client: startedBy }, 'projection rebuild started');
    const onProgress = (position: number, head: number) => Object.assign(rebuild, { position, head });
    const run = this.projections
      .rebuild(projection, onProgress, this.abort.signal)
      .then(() => this.finish(rebuild, this.abort.signal.aborted ? 'stopped' : 'done'))
      .catch((error: unknown) => {
        this.finish(rebuild, 'failed', error instanceof Error ? error.message : String(error));
        this.logger.error({ err: error, projection, rebuild: rebuild.id }, 'projection rebuild failed; the projection goes on from where it stopped');
      })
      .finally(() => this.running.delete(run));
    this.running.add(run);
    return rebuild;
  }

  get(projection: string, id: string): Rebuild | undefined {
    const rebuild = this.rebuilds.get(id);
    return rebuild?.projection === projection ? rebuild : undefined;
  }

  /** the latest rebuild of each projection */
  latest(): Map<string, Rebuild> {
    return new Map([...this.rebuilds.values()].map((rebuild) => [rebuild.projection, rebuild]));
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await Promise.all(this.running);
  }

  private finish(rebuild: Rebuild, state: RebuildState, error?: string) {
    Object.assign(rebuild, { state, finishedAt: this.now().toISOString(), ...(error ? { error } : {}) });
    if (state === 'done') this.logger.info({ projection: rebuild.projection, rebuild: rebuild.id, position: rebuild.position }, 'projection rebuilt');
  }

  /** the last 100 rebuilds are kept: enough to ask after any of the day's */
  private remember(rebuild: Rebuild) {
    this.rebuilds.set(rebuild.id, rebuild);
    if (this.rebuilds.size > 100) this.rebuilds.delete(this.rebuilds.keys().next().value!);
  }
}
