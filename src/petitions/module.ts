import { Router } from 'express';
import { petitionsProjections } from '../../projections/petitions';
import type { ProblemError } from '../platform/errors';
import type { Scheduler } from '../platform/processes/scheduler';
import type { ServiceModule } from '../platform/service-module';
import { petitionAggregates } from './aggregates';
import { loadDemoPetitions } from './demo/load-demo';
import { OwnerTokens } from './handlers/owner-token';
import { PetitionCommands } from './handlers/petition-commands';
import { deadlineScheduler } from './processes/deadline-scheduler';
import { petitionNotices } from './processes/notices';
import { toProblem, withSeedCode } from './problems';
import { actionRoutes } from './routes/action-routes';
import { authorityRoutes } from './routes/authority-routes';
import { intakeRoutes } from './routes/intake-routes';
import { requestorRoutes } from './routes/requestor-routes';
import { PETITIONS_SERVICE } from './service';
import { petitionsSettings } from './settings';

export type PetitionsModule = ServiceModule & { deadlines(): Scheduler | undefined };

/**
 * The petition service (seed 002, section D): the authority's and the requestor's operations under
 * /petitie, the intake and the authority's term extensions and redirections under /api/v1/petitions, the
 * deadlines' scheduler and the notices. Rights (registry "rights.petitions"): rights.ts.
 */
export function createPetitionsModule(): PetitionsModule {
  let deadlines: Scheduler | undefined;
  return {
    name: PETITIONS_SERVICE,
    pathPrefixes: ['/petitie', '/api/v1/petitions'],
    projections: petitionsProjections,
    problems: toProblem,
    aggregates: petitionAggregates,
    refusedCaller: (_request, problem) => withSeedCode(problem) as ProblemError,
    notices: [petitionNotices],
    async start(deps) {
      deadlines = deadlineScheduler(deps, new PetitionCommands(deps), petitionsSettings());
      await deadlines.start();
    },
    async stop() {
      await deadlines?.stop();
      deadlines = undefined;
    },
    routes(deps) {
      const commands = new PetitionCommands(deps);
      const tokens = new OwnerTokens(deps.clock);
      return Router().use(authorityRoutes(deps, commands, tokens), requestorRoutes(deps, commands, tokens), intakeRoutes(deps, commands), actionRoutes(deps, commands, tokens));
    },
    async seedDevelopmentData(deps) {
      if (!(petitionsSettings().demoData ?? !deps.config.eventStoreUrl)) return;
      // the demo's overdue petitions are signalled at once, not at the next sweep
      if ((await loadDemoPetitions(deps)) > 0) await deadlines?.runNow();
    },
    deadlines: () => deadlines,
  };
}

/** The running petition service's deadline scheduler (tests run its sweep with runNow()). */
export function petitionsDeadlines(services: readonly ServiceModule[]): Scheduler | undefined {
  return (services.find((service) => service.name === PETITIONS_SERVICE) as PetitionsModule | undefined)?.deadlines();
}
