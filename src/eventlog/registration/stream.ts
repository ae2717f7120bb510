/** One stream per registration (its UID). */
export const toRegistrationStreamId = (uid: string) => `eventlog-registration-${uid}`;
/** the personal-data events the platform logs for one consumer's exchange deliveries */
export const toExchangeDeliveriesStreamId = (clientId: string) => `eventlog-exchange-deliveries-${clientId}`;
