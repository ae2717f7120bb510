import type { DomainEvent } from '../platform/decider';
import type { LogFields } from './log-event-rules';

export const EVENTLOG_SOURCE = 'urn:md:gov:eventlog';
export const EVENTS_REGISTERED = 'md.gov.eventlog.events.registered.v1';
export const SIGNING_CERTIFICATE_RECORDED = 'md.gov.eventlog.signing-certificate.recorded.v1';

/**
 * A JWS exactly as the client sent it: the proof that the entries citing it are unchanged.
 * fingerprint256: the recorded certificate (SigningCertificateRecorded) that verified it; absent in
 * registrations from before it was kept, where kid (the serial) names the certificate.
 */
export type SignatureRecord = { kid: string; fingerprint256?: string; jws: string };

export type LogEntry = {
  fields: LogFields;
  /** index into the registration's signatures; absent for an unsigned entry */
  signature?: number;
};

/** One registration: one request to /register (one event or a batch), or one event the platform logs itself. */
export type EventsRegistered = DomainEvent<
  typeof EVENTS_REGISTERED,
  {
    uid: string;
    clientId: string;
    /** IDNO of the registering client, from the registry */
    clientIdno?: string;
    registeredAt: string;
    /** how the entries arrived: a client's request, a search the service logged, an exchange delivery */
    origin: 'request' | 'search' | 'exchange-delivery';
    entries: LogEntry[];
    signatures: SignatureRecord[];
  }
>;

export type SigningCertificateRecorded = DomainEvent<
  typeof SIGNING_CERTIFICATE_RECORDED,
  { clientId: string; serial: string; fingerprint256: string; certificatePem: string; validFrom: string; validTo: string; recordedAt: string }
>;

export type RegistrationEvent = EventsRegistered;
export type SigningCertificateEvent = SigningCertificateRecorded;
