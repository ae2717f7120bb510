import type { DomainEvent } from '../../platform/decider';

export const AUTHORIZATION_CREATED = 'md.gov.representation.authorization.created.v1';
export const AUTHORIZATION_CO_SIGNED = 'md.gov.representation.authorization.co-signed.v1';
export const AUTHORIZATION_GRANTED = 'md.gov.representation.authorization.granted.v1';
export const AUTHORIZATION_ACCEPTED = 'md.gov.representation.authorization.accepted.v1';
export const AUTHORIZATION_BECAME_VALID = 'md.gov.representation.authorization.became-valid.v1';
export const AUTHORIZATION_SUSPENDED = 'md.gov.representation.authorization.suspended.v1';
export const AUTHORIZATION_RESUMED = 'md.gov.representation.authorization.resumed.v1';
export const AUTHORIZATION_REVOKED = 'md.gov.representation.authorization.revoked.v1';
export const AUTHORIZATION_RENOUNCED = 'md.gov.representation.authorization.renounced.v1';
export const AUTHORIZATION_EXPIRING_SOON = 'md.gov.representation.authorization.expiring-soon.v1';
export const AUTHORIZATION_EXPIRED = 'md.gov.representation.authorization.expired.v1';

/** AuthorizingPartyType and AuthorizedPartyType: 1 natural person (IDNP), 2 legal entity (IDNO). */
export type PartyType = 1 | 2;
export type Party = { partyType: PartyType; idn: string; name: string };

/** What a power keeps of its type when it is created (a later change of the type does not change it). */
export type AuthorizationTypeSnapshot = {
  code: string;
  name: string;
  requiresAcceptance: boolean;
  serviceProviderIdno: string;
  serviceProviderName: string;
};

/**
 * Whose power an event is about, carried by every event after `created`, so that each tells its consumers
 * (and the notices) whom it concerns without the power's history.
 */
export type PowerRef = {
  authorizationCode: string;
  authorizationTypeCode: string;
  serviceProviderIdno: string;
  authorizing: Omit<Party, 'name'>;
  authorized: Omit<Party, 'name'>;
};

/** Instants are ISO-8601 UTC strings (toISOString), so that they compare as text. */
export type AuthorizationCreated = DomainEvent<
  typeof AUTHORIZATION_CREATED,
  {
    authorizationCode: string;
    authorizationType: AuthorizationTypeSnapshot;
    authorizing: Party;
    authorized: Party;
    /** IDNPs of the co-signers the type needs (none: granted at once) */
    coSignerIdns: string[];
    /** the validity asked for: from (inclusive) and until (inclusive) */
    fromDate: string;
    toDate: string;
    createdAt: string;
    /** the registry client that created it */
    createdBy: string;
  }
>;
export type AuthorizationCoSigned = DomainEvent<typeof AUTHORIZATION_CO_SIGNED, { power: PowerRef; coSignerIdn: string; at: string }>;
/** validFrom: the later of fromDate and the grant, when no acceptance is awaited; set by the acceptance otherwise */
export type AuthorizationGranted = DomainEvent<typeof AUTHORIZATION_GRANTED, { power: PowerRef; at: string; awaitingAcceptance: boolean; validFrom?: string }>;
export type AuthorizationAccepted = DomainEvent<typeof AUTHORIZATION_ACCEPTED, { power: PowerRef; at: string; validFrom: string }>;
/** at: when it was recorded; validFrom: the instant it became valid (at or before `at`) */
export type AuthorizationBecameValid = DomainEvent<typeof AUTHORIZATION_BECAME_VALID, { power: PowerRef; at: string; validFrom: string; validTo: string }>;
export type AuthorizationSuspended = DomainEvent<typeof AUTHORIZATION_SUSPENDED, { power: PowerRef; at: string; reason?: string }>;
export type AuthorizationResumed = DomainEvent<typeof AUTHORIZATION_RESUMED, { power: PowerRef; at: string }>;
export type AuthorizationRevoked = DomainEvent<typeof AUTHORIZATION_REVOKED, { power: PowerRef; at: string; reason?: string }>;
export type AuthorizationRenounced = DomainEvent<typeof AUTHORIZATION_RENOUNCED, { power: PowerRef; at: string; reason?: string }>;
export type AuthorizationExpiringSoon = DomainEvent<typeof AUTHORIZATION_EXPIRING_SOON, { power: PowerRef; at: string; validTo: string }>;
/** invalidFrom: the first instant after validTo */
export type AuthorizationExpired = DomainEvent<typeof AUTHORIZATION_EXPIRED, { power: PowerRef; at: string; validTo: string; invalidFrom: string }>;

export type AuthorizationEvent =
  | AuthorizationCreated
  | AuthorizationCoSigned
  | AuthorizationGranted
  | AuthorizationAccepted
  | AuthorizationBecameValid
  | AuthorizationSuspended
  | AuthorizationResumed
  | AuthorizationRevoked
  | AuthorizationRenounced
  | AuthorizationExpiringSoon
  | AuthorizationExpired;

export const AUTHORIZATION_EVENT_TYPES: AuthorizationEvent['type'][] = [
  AUTHORIZATION_CREATED,
  AUTHORIZATION_CO_SIGNED,
  AUTHORIZATION_GRANTED,
  AUTHORIZATION_ACCEPTED,
  AUTHORIZATION_BECAME_VALID,
  AUTHORIZATION_SUSPENDED,
  AUTHORIZATION_RESUMED,
  AUTHORIZATION_REVOKED,
  AUTHORIZATION_RENOUNCED,
  AUTHORIZATION_EXPIRING_SOON,
  AUTHORIZATION_EXPIRED,
];
