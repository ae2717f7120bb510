import type { ServiceAggregate } from '../platform/service-module';
import { changesCursorDecider } from './changes-cursor/decider';
import { orderDecider } from './order/decider';

/** The delivery service's aggregates, each with the decider that folds its streams (ServiceModule.aggregates). */
export const deliveryAggregates: ServiceAggregate[] = [
  // both stream ids end in a hash of their keys, so the prefixes are written out
  { name: 'order', streamPrefix: 'delivery-order-', decider: orderDecider },
  { name: 'changes-cursor', streamPrefix: 'delivery-changes-cursor-', decider: changesCursorDecider },
];
