import { Scheduler } from '../../platform/processes/scheduler';
import { readYourWrites } from '../../platform/projections/read-your-writes';
import type { ServiceDeps } from '../../platform/service-module';
import type { PetitionCommands } from '../handlers/petition-commands';
import { localDateOf } from '../petition/deadlines';
import { petitionsDueForAlert } from '../queries/due-alerts';
import type { PetitionsSettings } from '../settings';

const BATCH = 200;

/**
 * The answers' deadlines, kept by a sweep that survives restarts: the due dates live in the petitions read
 * model, and every sweep (at start, then every PETITIONS_SWEEP_INTERVAL_MS) signals the alerts that fell
 * due, on each petition's own stream, where a second sweep (another bridge, a restart) finds them signalled.
 */
export function deadlineScheduler(deps: ServiceDeps, commands: PetitionCommands, settings: PetitionsSettings): Scheduler {
  return new Scheduler('petitions-deadlines', () => sweepDeadlines(deps, commands, settings.deadlineWarningDays), { intervalMs: settings.sweepIntervalMs, logger: deps.logger });
}

export async function sweepDeadlines(deps: Pick<ServiceDeps, 'documents' | 'events' | 'projections' | 'clock' | 'logger'>, commands: PetitionCommands, warningDays: number): Promise<void> {
  // the read model up to the log's head, but not for ever: another service's stuck projection must not stop the sweep
  await readYourWrites(deps, undefined, ['petitions']);
  for (;;) {
    const today = localDateOf(deps.clock.now());
    const due = await petitionsDueForAlert(deps.documents, today, warningDays, BATCH);
    let signalled = 0;
    for (const petitionNumber of due) if (await commands.signalDeadline(petitionNumber, warningDays)) signalled += 1;
    // a full batch is followed by the next; one that signalled nothing means the read model lags: next sweep
    if (due.length < BATCH || signalled === 0) return;
  }
}
