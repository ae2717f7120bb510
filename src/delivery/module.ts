import { Router } from 'express';
import { deliveryProjections } from '../../projections/delivery';
import type { Scheduler } from '../platform/processes/scheduler';
import type { ServiceModule } from '../platform/service-module';
import { deliveryAggregates } from './aggregates';
import { loadDemoOrders } from './demo/demo-orders';
import { ChangesFeed } from './handlers/changes-feed';
import { OrderCommands } from './handlers/order-commands';
import { expirySweep } from './processes/expiry-sweep';
import { deliveryNotices } from './processes/notices';
import { refusedCaller, toProblem } from './problems';
import { deliveryPlatformRoutes } from './routes/delivery-platform-routes';
import { refuseHead } from './routes/head-requests';
import { orderRoutes } from './routes/order-routes';
import { statusReportRoutes } from './routes/status-report-routes';
import { DELIVERY_SERVICE } from './service';
import { deliverySettings, type DeliverySettings } from './settings';

/** The module, and the sweep of its timed rules to run at once (tests move the clock, then call it). */
export type DeliveryModule = ServiceModule & { runSweep(): Promise<void> };

/**
 * The delivery integration, the provider's side of MDelivery (seed 002, section A): the three operations
 * the delivery platform calls, the provider's intake (section E), the orders' status machine, the
 * changes feed, the timed rules and the receivers' notices. Settings: settings.ts; rights: rights.ts.
 */
export function createDeliveryModule(): DeliveryModule {
  // made when the platform starts the service, before it asks for the routes and the demo data
  let running: { settings: DeliverySettings; orders: OrderCommands; sweep: Scheduler } | undefined;
  const started = () => {
    if (!running) throw new Error('the delivery service is not started');
    return running;
  };
  return {
    name: DELIVERY_SERVICE,
    pathPrefixes: ['/api/v1/delivery/services', '/api/v1/delivery-orders'],
    projections: deliveryProjections,
    problems: toProblem,
    aggregates: deliveryAggregates,
    refusedCaller,
    notices: [deliveryNotices],
    async start(deps) {
      const settings = deliverySettings();
      const orders = new OrderCommands(deps, settings);
      running = { settings, orders, sweep: expirySweep(deps, orders, settings.sweepIntervalMs) };
      await running.sweep.start();
    },
    async stop() {
      await running?.sweep.stop();
      running = undefined;
    },
    routes(deps) {
      const { settings, orders } = started();
      const feed = new ChangesFeed(deps, settings);
      return Router().use(refuseHead, deliveryPlatformRoutes(deps, orders, feed), orderRoutes(deps, orders), statusReportRoutes(deps, orders));
    },
    async seedDevelopmentData(deps) {
      const { settings, orders } = started();
      if (settings.demoData ?? !deps.config.eventStoreUrl) await loadDemoOrders(orders, deps.clock);
    },
    async runSweep() {
      await started().sweep.runNow();
    },
  };
}
