import type { ServiceDeps } from '../platform/service-module';

const LIMIT_MS = 5_000;

/**
 * Waits until the read models have applied the log up to now, but not forever: the projection runner's
 * waitFor covers every service's projections, and one projection that keeps failing (another service's)
 * would otherwise stall these reads. Past the limit the answer comes from the read models as they are.
 */
export async function readYourWrites(deps: Pick<ServiceDeps, 'events' | 'projections' | 'logger'>, limitMs = LIMIT_MS): Promise<boolean> {
  const head = await deps.events.headPosition();
  let timer: NodeJS.Timeout | undefined;
  const reached = await Promise.race([
    deps.projections.waitFor(head).then(() => true),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), limitMs);
    }),
  ]);
  clearTimeout(timer);
  if (!reached) deps.logger.warn({ head }, 'read models are behind the log; answering from them as they are');
  return reached;
}
