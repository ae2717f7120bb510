import type { ServiceAggregate } from '../platform/service-module';
import { registrationDecider } from './registration/decider';
import { toRegistrationStreamId } from './registration/stream';
import { signingCertificateDecider } from './signing-certificate/decider';
import { toSigningCertificatesStreamId } from './signing-certificate/stream';

/**
 * The event log's aggregates (ServiceModule.aggregates). A consumer's exchange-deliveries stream is not
 * one: the platform appends its personal-data records there without a decider.
 */
export const eventLogAggregates: ServiceAggregate[] = [
  { name: 'registration', streamPrefix: toRegistrationStreamId(''), decider: registrationDecider },
  { name: 'signing certificates', streamPrefix: toSigningCertificatesStreamId(''), decider: signingCertificateDecider },
];
