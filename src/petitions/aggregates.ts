import type { ServiceAggregate } from '../platform/service-module';
import { petitionDecider } from './petition/decider';
import { toPetitionStreamId } from './petition/stream';

/** The petition service's aggregate, with the decider that folds its streams (ServiceModule.aggregates). */
export const petitionAggregates: ServiceAggregate[] = [{ name: 'petition', streamPrefix: toPetitionStreamId(''), decider: petitionDecider }];
