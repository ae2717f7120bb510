import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigurationError, type PlatformConfig } from '../config';
import { createLogger } from '../platform/logger';
import { ProjectionRunner } from '../platform/projections/projection-runner';
import { openStores } from '../platform/storage';
import { createServiceModules } from '../services';

/** A replay that cannot start as asked (an unknown projection, no log, the data directory in use): exit 2. */
export class ReplayRefused extends Error {}

export type ReplayProgress = {
  advanced(projection: string, position: number, head: number): void;
  finished(projection: string, applied: number): void;
};

/**
 * Rebuilds read models from the log: all projections, or the named ones, reporting progress. It is
 * refused while a platform process holds the same DATA_DIR (openStores takes the directory's lock).
 */
export async function replayProjections(config: PlatformConfig, requested: string[], progress: ReplayProgress): Promise<{ replayed: number; profile: string }> {
  const projections = createServiceModules().flatMap((service) => service.projections);
  const unknown = requested.filter((name) => !projections.some((projection) => projection.name === name));
  if (unknown.length > 0) {
    throw new ReplayRefused(`unknown projection(s): ${unknown.join(', ')} (known: ${projections.map((p) => p.name).join(', ') || 'none'})`);
  }
  // opening the embedded stores would create them: a mistyped DATA_DIR would be "replayed" as an empty log
  if (!config.eventStoreUrl && !existsSync(join(config.dataDir, 'events.sqlite'))) {
    throw new ReplayRefused(`${config.dataDir} holds no event log (events.sqlite): nothing to replay (is DATA_DIR right?)`);
  }
  const stores = await openStores(config).catch((error: unknown) => {
    throw error instanceof ConfigurationError ? new ReplayRefused(error.message) : error;
  });
  try {
    const runner = new ProjectionRunner(stores.events, stores.documents, projections, createLogger('warn'));
    const chosen = projections.filter((projection) => requested.length === 0 || requested.includes(projection.name));
    for (const projection of chosen) {
      const applied = await runner.rebuild(projection.name, (position, head) => progress.advanced(projection.name, position, head));
      progress.finished(projection.name, applied);
    }
    return { replayed: chosen.length, profile: stores.profile };
  } finally {
    await stores.close();
  }
}
