import { Router, type RequestHandler } from 'express';
import { Scheduler } from '../platform/processes/scheduler';
import type { ServiceModule } from '../platform/service-module';
import { bookingProjections } from '../../projections/booking';
import { bookingAggregates } from './aggregates';
import { createBookingContext, type BookingContext } from './handlers/booking-context';
import { bookingNoticeSource } from './processes/notices';
import { sweep } from './processes/recovery-sweep';
import { loadDemoData } from './demo/demo-data';
import { adminRoutes } from './routes/admin-routes';
import { appointmentListRoutes } from './routes/appointment-list-routes';
import { appointmentRoutes } from './routes/appointment-routes';
import { referenceRoutes } from './routes/reference-routes';
import { languageOfRequest } from './messages';
import { ruleProblem, toProblem } from './problems';
import { bookingSettings } from './settings';
import { BOOKING_SERVICE } from './service';

/** A path under the service's prefixes that no route takes: 404 in the caller's language, as every refusal of the service. */
const noSuchEndpoint: RequestHandler = (request, _response, next) =>
  next(ruleProblem(languageOfRequest(request), 404, 'noSuchEndpoint', { method: request.method, path: request.path }));

/**
 * The appointment booking service (v2 API of the seed, plus its reference-data admin API); settings in
 * settings.ts, rights in rights.ts. What start makes (the context its handlers share, the sweep's
 * scheduler) lives in this closure: one per platform.
 */
export function createBookingModule(): ServiceModule {
  let running: { context: BookingContext; scheduler: Scheduler } | undefined;
  const startedContext = (): BookingContext => {
    // the platform starts every service before it asks for routes or development data
    if (!running) throw new Error('the booking service must be started first');
    return running.context;
  };

  return {
    name: BOOKING_SERVICE,
    pathPrefixes: ['/api/v2', '/api/v1/booking-admin'],
    projections: bookingProjections,
    aggregates: bookingAggregates,
    problems: toProblem,
    notices: [bookingNoticeSource],

    refusedCaller: (request, problem) => {
      const language = languageOfRequest(request);
      if (problem.status === 401) return ruleProblem(language, 401, 'clientNotIdentified');
      if (problem.status === 429) return ruleProblem(language, 429, 'tooManyRequests', {}, undefined, problem.headers);
      return problem;
    },

    routes() {
      const context = startedContext();
      return Router().use(appointmentRoutes(context), appointmentListRoutes(context), referenceRoutes(context), adminRoutes(context), noSuchEndpoint);
    },

    async start(deps) {
      const settings = bookingSettings();
      const context = createBookingContext(deps);
      const scheduler = new Scheduler('booking-sweep', () => sweep(context, { graceMs: settings.recoveryGraceMs }), { intervalMs: settings.sweepIntervalMs, logger: deps.logger });
      running = { context, scheduler };
      await scheduler.start();
    },

    async stop() {
      await running?.scheduler.stop();
      running = undefined;
    },

    async seedDevelopmentData(deps) {
      if (bookingSettings().demoData ?? !deps.config.eventStoreUrl) await loadDemoData(startedContext());
    },
  };
}
