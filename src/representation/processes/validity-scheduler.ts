import type { Filter } from '../../platform/document-store/document-store';
import { Scheduler } from '../../platform/processes/scheduler';
import { readYourWrites } from '../../platform/projections/read-your-writes';
import { AUTHORIZATIONS, authorizationsProjection, type AuthorizationDocument } from '../../../projections/representation/authorizations';
import type { RepresentationContext } from '../handlers/context';
import { REPRESENTATION_SERVICE } from '../service';

/** Powers looked at per query of a sweep. */
const BATCH = 200;

/**
 * Validity that follows time, recorded: the powers whose validFrom or toDate has come, or whose toDate is
 * within the "expires soon" window, are found in the read model (its dueAt and expiryNoticeFrom, built from
 * the log, so a restart loses nothing) and each gets the scheduler's command, which records what time
 * brought (became valid, expires soon, expired) and nothing twice. The answers never wait for it: a check
 * computes the status from the clock (status.ts).
 */
export function validityScheduler(context: RepresentationContext): Scheduler {
  return new Scheduler('representation-validity', () => recordWhatTimeBrought(context), { intervalMs: context.settings.sweepIntervalMs, logger: context.deps.logger });
}

export async function recordWhatTimeBrought(context: RepresentationContext): Promise<void> {
  const { deps, settings, authorizations } = context;
  const powers = deps.documents.collection<AuthorizationDocument>(AUTHORIZATIONS);
  const looked = new Set<string>();
  for (;;) {
    await readYourWrites(deps, undefined, [authorizationsProjection.name]);
    const now = deps.clock.now();
    const noticeHorizon = new Date(now.getTime() + settings.expiresSoonWithinMs).toISOString();
    const find = (filter: Filter, field: string) => powers.find(filter, { sort: { [field]: 1 }, limit: BATCH });
    const due = [...(await find({ dueAt: { $lte: now.toISOString() } }, 'dueAt')), ...(await find({ expiryNoticeFrom: { $lte: noticeHorizon } }, 'expiryNoticeFrom'))];
    const fresh = [...new Set(due.map((power) => power._id))].filter((code) => !looked.has(code));
    if (fresh.length === 0) return;
    for (const code of fresh) {
      looked.add(code);
      try {
        await authorizations.advance(code, settings.expiresSoonWithinMs, REPRESENTATION_SERVICE);
      } catch (error) {
        deps.logger.error({ err: error, authorizationCode: code }, 'recording what time brought a power failed; the next sweep tries again');
      }
    }
  }
}
