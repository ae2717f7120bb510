import { Router, type RequestHandler } from 'express';
import { representationProjections } from '../../projections/representation';
import { notFound, type ProblemError } from '../platform/errors';
import type { Scheduler } from '../platform/processes/scheduler';
import type { ServiceDeps, ServiceModule } from '../platform/service-module';
import { representationAggregates } from './aggregates';
import { representationApi } from './api';
import { createRepresentationContext, type RepresentationContext } from './handlers/context';
import { loadDemoData } from './demo/demo-data';
import { representationNotices } from './processes/notices';
import { validityScheduler } from './processes/validity-scheduler';
import { toProblem } from './problems';
import { authorizationActionRoutes } from './routes/authorization-action-routes';
import { authorizationRoutes } from './routes/authorization-routes';
import { authorizationTypeRoutes } from './routes/authorization-type-routes';
import { checkRoutes } from './routes/check-routes';
import { envelopedRefusal, isCheck } from './routes/envelope';
import { fileRoutes } from './routes/file-routes';
import { CLIENTS_API, INTAKE_API, REPRESENTATION_SERVICE } from './service';
import { representationSettings } from './settings';

/** The module, and for tests: one sweep of its scheduler now (time moved by a fixed clock). */
export type RepresentationModule = ServiceModule & { sweepNow(): Promise<void> };

/** A path under the service's prefixes that no route takes: 404, in the envelope under /clients-api. */
const noSuchEndpoint: RequestHandler = (request, _response, next) => next(notFound(`no resource at ${request.method} ${request.path}`));

/**
 * The power-of-representation service (MPower): the seed's five checks under /clients-api, answered for
 * the instant they are asked, in the seed's envelope; the intake of powers and authorization types under
 * /api/v1/representation (section E); the scheduler that records what time brings. Rights: rights.ts.
 */
export function createRepresentationModule(): RepresentationModule {
  let context: RepresentationContext | undefined;
  let scheduler: Scheduler | undefined;
  const contextFor = (deps: ServiceDeps) => (context?.deps === deps ? context : (context = createRepresentationContext(deps, representationSettings())));
  return {
    name: REPRESENTATION_SERVICE,
    pathPrefixes: [CLIENTS_API, INTAKE_API],
    api: representationApi,
    projections: representationProjections,
    problems: toProblem,
    aggregates: representationAggregates,
    refusedCaller: (request, problem) => (isCheck(request) ? (envelopedRefusal(problem) as ProblemError) : problem),
    notices: representationNotices,
    async start(deps) {
      scheduler = validityScheduler(contextFor(deps));
      await scheduler.start();
    },
    async stop() {
      await scheduler?.stop();
      scheduler = undefined;
    },
    routes(deps) {
      const shared = contextFor(deps);
      return Router().use(checkRoutes(shared), fileRoutes(shared), authorizationRoutes(shared), authorizationActionRoutes(shared), authorizationTypeRoutes(shared), noSuchEndpoint);
    },
    async seedDevelopmentData(deps) {
      // development data on the embedded profile only, as booking's
      if (deps.config.eventStoreUrl) return;
      await loadDemoData(contextFor(deps));
      // what is already due in it (a power that expires soon) is recorded now, not at the next start
      await scheduler?.runNow();
    },
    sweepNow: () => scheduler?.runNow() ?? Promise.resolve(),
  };
}
