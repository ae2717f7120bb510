import { Router, type RequestHandler } from 'express';
import type { ServiceDeps, ServiceModule } from '../platform/service-module';
import { bookingProjections } from '../../projections/booking';
import { createBookingContext, type BookingContext } from './application/booking-context';
import { BookingScheduler } from './application/booking-scheduler';
import { loadDemoData } from './demo/demo-data';
import { adminRoutes } from './routes/admin-routes';
import { appointmentListRoutes } from './routes/appointment-list-routes';
import { appointmentRoutes } from './routes/appointment-routes';
import { referenceRoutes } from './routes/reference-routes';
import { languageOfRequest } from './routes/http-input';
import { ruleProblem } from './problems';
import { bookingSettings } from './booking-settings';
import { BOOKING_SERVICE } from './streams';
import { bookingNoticeSource } from './processes/notices';

/** A path under the service's prefixes that no route takes: 404 in the caller's language, as every refusal of the service. */
const noSuchEndpoint: RequestHandler = (request, _response, next) =>
  next(ruleProblem(languageOfRequest(request), 404, 'noSuchEndpoint', { method: request.method, path: request.path }));

/** The appointment booking service (v2 API of the seed, plus its reference-data admin API); settings in booking-settings.ts. */
const contexts = new WeakMap<ServiceDeps, BookingContext>();
// the module is one object shared by every platform started in this process (tests restart platforms);
// stop() has no deps, so it stops the schedulers of every platform started so far
const schedulers = new Set<BookingScheduler>();

function contextFor(deps: ServiceDeps): BookingContext {
  let context = contexts.get(deps);
  if (!context) {
    context = createBookingContext(deps);
    contexts.set(deps, context);
  }
  return context;
}

export const bookingModule: ServiceModule = {
  name: BOOKING_SERVICE,
  pathPrefixes: ['/api/v2', '/api/v1/booking-admin'],
  projections: bookingProjections,
  notices: [bookingNoticeSource],

  refusedCaller: (request, problem) => {
    const language = languageOfRequest(request);
    if (problem.status === 401) return ruleProblem(language, 401, 'clientNotIdentified');
    if (problem.status === 429) return ruleProblem(language, 429, 'tooManyRequests', {}, undefined, problem.headers);
    return problem;
  },

  routes(deps) {
    const context = contextFor(deps);
    return Router().use(appointmentRoutes(context), appointmentListRoutes(context), referenceRoutes(context), adminRoutes(context), noSuchEndpoint);
  },

  async start(deps) {
    const settings = bookingSettings();
    const scheduler = new BookingScheduler(contextFor(deps), { intervalMs: settings.sweepIntervalMs, graceMs: settings.recoveryGraceMs });
    schedulers.add(scheduler);
    await scheduler.start();
  },

  async stop() {
    for (const scheduler of schedulers) await scheduler.stop();
    schedulers.clear();
  },

  async seedDevelopmentData(deps) {
    if (bookingSettings().demoData ?? !deps.config.eventStoreUrl) await loadDemoData(contextFor(deps));
  },
};
