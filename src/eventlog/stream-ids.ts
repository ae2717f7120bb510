/** Every stream of the event-logging service starts so: its read models are built from these streams only. */
export const EVENTLOG_STREAMS = 'eventlog-';
/** One stream per registration (its UID), one per client for its signing certificates. */
export const toRegistrationStreamId = (uid: string) => `eventlog-registration-${uid}`;
export const toSigningCertificatesStreamId = (clientId: string) => `eventlog-signing-certificates-${clientId}`;
/** the personal-data events the platform logs for one consumer's exchange deliveries */
export const toExchangeDeliveriesStreamId = (clientId: string) => `eventlog-exchange-deliveries-${clientId}`;
