import { readYourWrites } from '../../platform/projections/read-your-writes';
import { Scheduler } from '../../platform/processes/scheduler';
import type { ServiceDeps } from '../../platform/service-module';
import type { OrderCommands } from '../handlers/order-commands';
import { dueOrders } from '../queries/orders';

const BATCH = 100;
/** batches in one sweep at most: a read model that does not catch up cannot keep the sweep going */
const MAX_BATCHES = 50;

/**
 * The timed rules (docs/decisions.md, "Delivery: timed rules"): an order still AwaitingPayment at its
 * deliveryAcceptedUntil, and one the carrier has not picked up by its pickup deadline, expire. The due
 * dates are in the orders' read model; each command decides again whether its rule still holds, so an
 * order that moved on meanwhile, or a sweep run twice, changes nothing.
 */
export function expirySweep(deps: ServiceDeps, orders: OrderCommands, intervalMs: number): Scheduler {
  return new Scheduler(
    'delivery-expiry',
    async () => {
      const now = deps.clock.now().toISOString();
      for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
        await readYourWrites(deps, 5_000, ['delivery-orders']);
        const due = await dueOrders(deps.documents, now, BATCH);
        let expired = 0;
        for (const order of due) expired += (await orders.expire(order.serviceID, order.orderID, order.dueRule!)).events.length;
        if (due.length < BATCH || expired === 0) return;
      }
    },
    { intervalMs, logger: deps.logger },
  );
}
