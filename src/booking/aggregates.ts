import type { ServiceAggregate } from '../platform/service-module';
import { appointmentDecider } from './appointment/appointment-decider';
import { ledgerDecider } from './ledger/ledger-decider';
import { personDecider } from './person/person-decider';
import { referenceDecider } from './reference/reference-decider';
import { REFERENCE_ORDER, REFERENCE_STREAMS } from './reference/reference-streams';
import { requestDecider } from './request/request-decider';
import { appointmentStreamId, requestStreamId } from './streams';

/** The prefix of an aggregate's streams, from its stream-id helper. */
const prefixOf = (streamIdOf: (id: string) => string) => streamIdOf('');

/** Booking's aggregates, each with the decider that folds its streams (ServiceModule.aggregates). */
export const bookingAggregates: ServiceAggregate[] = [
  { name: 'appointment', streamPrefix: prefixOf(appointmentStreamId), decider: appointmentDecider },
  { name: 'request', streamPrefix: prefixOf(requestStreamId), decider: requestDecider },
  // ledgerStreamId(location, date) and personStreamId(hash) take more than an id
  { name: 'ledger', streamPrefix: 'booking-ledger-', decider: ledgerDecider },
  { name: 'person', streamPrefix: 'booking-person-', decider: personDecider },
  ...REFERENCE_ORDER.map((kind) => ({ name: kind, streamPrefix: prefixOf(REFERENCE_STREAMS[kind]), decider: referenceDecider(kind) })),
];
