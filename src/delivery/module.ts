import { Router } from 'express';
import { deliveryProjections } from '../../projections/delivery';
import type { Scheduler } from '../platform/processes/scheduler';
import type { ServiceDeps, ServiceModule } from '../platform/service-module';
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
  let settings: DeliverySettings | undefined;
  let orders: OrderCommands | undefined;
  let sweep: Scheduler | undefined;
  const commandsFor = (deps: ServiceDeps) => (orders ??= new OrderCommands(deps, (settings ??= deliverySettings())));
  return {
    name: DELIVERY_SERVICE,
    pathPrefixes: ['/api/v1/delivery/services', '/api/v1/delivery-orders'],
    projections: deliveryProjections,
    problems: toProblem,
    refusedCaller,
    notices: [deliveryNotices],
    async start(deps) {
      settings = deliverySettings();
      orders = new OrderCommands(deps, settings);
      sweep = expirySweep(deps, orders, settings.sweepIntervalMs);
      await sweep.start();
    },
    async stop() {
      await sweep?.stop();
      sweep = undefined;
      orders = undefined;
    },
    routes(deps) {
      const commands = commandsFor(deps);
      const feed = new ChangesFeed(deps, settings!);
      return Router().use(refuseHead, deliveryPlatformRoutes(deps, commands, feed), orderRoutes(deps, commands), statusReportRoutes(deps, commands));
    },
    async seedDevelopmentData(deps) {
      if (((settings ??= deliverySettings()).demoData ?? !deps.config.eventStoreUrl)) await loadDemoOrders(commandsFor(deps), deps.clock);
    },
    async runSweep() {
      await sweep?.runNow();
    },
  };
}
