import type { DomainEvent } from '../../platform/decider';

export const AUTHORIZATION_TYPE_DEFINED = 'md.gov.representation.authorization-type.defined.v1';
export const AUTHORIZATION_TYPE_UPDATED = 'md.gov.representation.authorization-type.updated.v1';

/** An authorization type (reference data, defined per service provider): what powers of it need. */
export type AuthorizationTypeDefinition = {
  /** "AT-" and 7 characters */
  code: string;
  names: { ro: string; ru?: string; en?: string };
  /** the representative must accept a power of this type before it can be valid */
  requiresAcceptance: boolean;
  /** a power of this type is granted only once its co-signers (natural persons) have signed it */
  requiresCoSigning: boolean;
  serviceProviderIdno: string;
  serviceProviderName: string;
};

export type AuthorizationTypeDefined = DomainEvent<typeof AUTHORIZATION_TYPE_DEFINED, { definition: AuthorizationTypeDefinition; at: string }>;
/** The whole new definition (its code and service provider unchanged); powers already created keep what they were created with. */
export type AuthorizationTypeUpdated = DomainEvent<typeof AUTHORIZATION_TYPE_UPDATED, { definition: AuthorizationTypeDefinition; at: string }>;

export type AuthorizationTypeEvent = AuthorizationTypeDefined | AuthorizationTypeUpdated;
