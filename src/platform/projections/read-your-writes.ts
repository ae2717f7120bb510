import type { ServiceDeps } from '../service-module';

const LIMIT_MS = 5_000;

/**
 * Waits until the read models (the named projections, or all) have applied the log up to now, but not
 * forever: past the limit the answer comes from the read models as they are, and the lag is logged.
 */
export async function readYourWrites(
  deps: Pick<ServiceDeps, 'events' | 'projections' | 'logger'>,
  limitMs = LIMIT_MS,
  projectionNames?: string[],
): Promise<boolean> {
  const head = await deps.events.headPosition();
  let timer: NodeJS.Timeout | undefined;
  const reached = await Promise.race([
    deps.projections.waitFor(head, projectionNames).then(() => true),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), limitMs);
    }),
  ]);
  clearTimeout(timer);
  if (!reached) deps.logger.warn({ head }, 'read models are behind the log; answering from them as they are');
  return reached;
}
