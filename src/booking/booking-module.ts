import { Router } from 'express';
import type { ServiceDeps, ServiceModule } from '../platform/service-module';
import { bookingProjections } from '../../projections/booking';
import { createBookingContext, type BookingContext } from './application/booking-context';
import { BookingScheduler } from './application/booking-scheduler';
import { loadDemoData } from './demo/demo-data';
import { adminRoutes } from './routes/admin-routes';
import { appointmentListRoutes } from './routes/appointment-list-routes';
import { appointmentRoutes } from './routes/appointment-routes';
import { referenceRoutes } from './routes/reference-routes';
import { BOOKING_SERVICE } from './streams';

/**
 * The appointment booking service (v2 API of the seed, plus its reference-data admin API). Settings from
 * the environment: BOOKING_SWEEP_INTERVAL_MS (default 1000), BOOKING_RECOVERY_GRACE_MS (default 60000),
 * BOOKING_DEMO_DATA (default: on for the embedded profile, off when EVENTSTORE_URL is set).
 */
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

const numberFromEnv = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);

export const bookingModule: ServiceModule = {
  name: BOOKING_SERVICE,
  pathPrefixes: ['/api/v2/appointments', '/api/v2/organizations', '/api/v2/locations', '/api/v2/calendars', '/api/v2/settings', '/api/v1/booking-admin'],
  projections: bookingProjections,

  routes(deps) {
    const context = contextFor(deps);
    return Router().use(appointmentRoutes(context), appointmentListRoutes(context), referenceRoutes(context), adminRoutes(context));
  },

  async start(deps) {
    const scheduler = new BookingScheduler(contextFor(deps), {
      intervalMs: numberFromEnv('BOOKING_SWEEP_INTERVAL_MS', 1000),
      graceMs: numberFromEnv('BOOKING_RECOVERY_GRACE_MS', 60_000),
    });
    schedulers.add(scheduler);
    await scheduler.start();
  },

  async stop() {
    for (const scheduler of schedulers) await scheduler.stop();
    schedulers.clear();
  },

  async seedDevelopmentData(deps) {
    const setting = process.env.BOOKING_DEMO_DATA;
    const wanted = setting ? setting !== 'false' : !deps.config.eventStoreUrl;
    if (wanted) await loadDemoData(contextFor(deps));
  },
};
