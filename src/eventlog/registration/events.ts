import type { DomainEvent } from '../../platform/decider';
import type { LogFields } from './log-event-rules';

export const EVENTS_REGISTERED = 'md.gov.eventlog.events.registered.v1';

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
    /**
     * how the entries arrived: a client's request, a search the service logged, an access another service
     * of the platform logged (a read of a person's data), an exchange delivery
     */
    origin: 'request' | 'search' | 'service' | 'exchange-delivery';
    entries: LogEntry[];
    signatures: SignatureRecord[];
  }
>;

export type RegistrationEvent = EventsRegistered;
