import type { ServiceAggregate } from '../platform/service-module';
import { appointmentDecider } from './appointment/decider';
import { toAppointmentStreamId } from './appointment/stream';
import { ledgerDecider } from './ledger/decider';
import { personDecider } from './person/decider';
import { referenceDecider } from './reference/decider';
import { REFERENCE_ORDER } from './reference/definitions';
import { REFERENCE_STREAMS } from './reference/stream';
import { requestDecider } from './request/decider';
import { toRequestStreamId } from './request/stream';
import { BOOKING_STREAMS } from './service';

/** The prefix of an aggregate's streams, from its stream-id helper. */
const prefixOf = (streamIdOf: (id: string) => string) => streamIdOf('');

/** Booking's aggregates, each with the decider that folds its streams (ServiceModule.aggregates). */
export const bookingAggregates: ServiceAggregate[] = [
  { name: 'appointment', streamPrefix: prefixOf(toAppointmentStreamId), decider: appointmentDecider },
  { name: 'request', streamPrefix: prefixOf(toRequestStreamId), decider: requestDecider },
  // toLedgerStreamId(location, date) and toPersonStreamId(hash) take more than an id
  { name: 'ledger', streamPrefix: `${BOOKING_STREAMS}ledger-`, decider: ledgerDecider },
  { name: 'person', streamPrefix: `${BOOKING_STREAMS}person-`, decider: personDecider },
  ...REFERENCE_ORDER.map((kind) => ({ name: kind, streamPrefix: prefixOf(REFERENCE_STREAMS[kind]), decider: referenceDecider(kind) })),
];
