import type { ServiceAggregate } from '../platform/service-module';
import { authorizationTypeDecider } from './authorization-type/decider';
import { toAuthorizationTypeStreamId } from './authorization-type/stream';
import { authorizationDecider } from './authorization/decider';
import { toAuthorizationStreamId } from './authorization/stream';

/** The power-of-representation service's aggregates, each with the decider that folds its streams (ServiceModule.aggregates). */
export const representationAggregates: ServiceAggregate[] = [
  { name: 'authorization', streamPrefix: toAuthorizationStreamId(''), decider: authorizationDecider },
  // its prefix extends the authorization's: the console takes the longest prefix that fits
  { name: 'authorization-type', streamPrefix: toAuthorizationTypeStreamId(''), decider: authorizationTypeDecider },
];
