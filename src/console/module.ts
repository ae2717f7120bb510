import { Router } from 'express';
import type { ServiceDeps, ServiceModule } from '../platform/service-module';
import { consoleApi } from './api';
import { LagSampler } from './processes/lag-sampler';
import { ProjectionRebuilds } from './processes/projection-rebuilds';
import { toProblem } from './problems';
import { aggregatesOf } from './queries/stream-history';
import { groupRoutes } from './routes/group-routes';
import { logRoutes } from './routes/log-routes';
import { pageRoutes } from './routes/page-routes';
import { personalDataRoutes } from './routes/personal-data-routes';
import { projectionRoutes } from './routes/projection-routes';
import { registrationRoutes } from './routes/registration-routes';
import { sessionRoutes } from './routes/session-routes';
import { streamRoutes } from './routes/stream-routes';
import { CONSOLE_API_PATH, CONSOLE_PAGES_PATH, CONSOLE_SERVICE, PROJECTIONS_PATH } from './service';
import { consoleSettings } from './settings';

/**
 * The auditor console (docs/console.md): web pages at /console/ over the platform's mutual TLS, and the
 * API they call under /api/v1/console, plus the operations endpoint for projections. It reads what the
 * other services wrote (the log, their read models, their deciders) and appends only legal events.
 * `services`: the modules mounted beside it, whose aggregates and projections it shows.
 */
export function createConsoleModule(services: () => readonly ServiceModule[]): ServiceModule {
  let lag: LagSampler | undefined;
  let rebuilds: ProjectionRebuilds | undefined;
  return {
    name: CONSOLE_SERVICE,
    pathPrefixes: [CONSOLE_PAGES_PATH, CONSOLE_API_PATH, PROJECTIONS_PATH],
    api: consoleApi,
    projections: [],
    problems: toProblem,
    async start(deps: ServiceDeps) {
      const settings = consoleSettings();
      lag = new LagSampler({ ...deps, now: () => deps.clock.now() }, { intervalMs: settings.lagSampleMs, keep: settings.lagSamples });
      lag.start();
      rebuilds = new ProjectionRebuilds(deps.projections, deps.logger, () => deps.clock.now());
    },
    async stop() {
      lag?.stop();
      await rebuilds?.stop();
    },
    routes(deps: ServiceDeps) {
      const mounted = services();
      return Router().use(
        pageRoutes(),
        sessionRoutes(),
        logRoutes(deps),
        streamRoutes(deps, aggregatesOf(mounted)),
        groupRoutes(deps, lag!),
        registrationRoutes(deps),
        personalDataRoutes(deps),
        projectionRoutes(deps, mounted.flatMap((service) => service.projections), rebuilds!),
      );
    },
  };
}
