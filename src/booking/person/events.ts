import type { DomainEvent } from '../../platform/decider';

/**
 * A person who books: holds the userAccessToken that links all of the person's appointments. The token is
 * issued on the first booking and reused on every later one.
 */
export const PERSON_TOKEN_ISSUED = 'md.gov.booking.person.token-issued.v1';

export type PersonEvent = DomainEvent<typeof PERSON_TOKEN_ISSUED, { userAccessToken: string; issuedAt: string }>;
