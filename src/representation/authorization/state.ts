import {
  AUTHORIZATION_ACCEPTED,
  AUTHORIZATION_BECAME_VALID,
  AUTHORIZATION_CO_SIGNED,
  AUTHORIZATION_CREATED,
  AUTHORIZATION_EXPIRED,
  AUTHORIZATION_EXPIRING_SOON,
  AUTHORIZATION_GRANTED,
  AUTHORIZATION_RENOUNCED,
  AUTHORIZATION_RESUMED,
  AUTHORIZATION_REVOKED,
  AUTHORIZATION_SUSPENDED,
  type AuthorizationEvent,
  type AuthorizationTypeSnapshot,
  type Party,
  type PowerRef,
} from './events';

/**
 * Where a power stands as recorded by its events. What it *is* at an instant (valid, pending, expired)
 * also depends on that instant: status.ts computes it from this and the clock.
 *   Draft: created, its co-signatures outstanding (not granted)
 *   AwaitingAcceptance: granted, the representative's acceptance outstanding
 *   Active: granted (and accepted where needed): Pending before validFrom, Valid from it until toDate
 *   Suspended, Ended: revoked, renounced or expired
 */
export type Phase = 'Draft' | 'AwaitingAcceptance' | 'Active' | 'Suspended' | 'Ended';

export type AuthorizationState = {
  authorizationCode: string;
  authorizationType: AuthorizationTypeSnapshot;
  authorizing: Party;
  authorized: Party;
  coSigners: { idn: string; signedAt: string | null }[];
  fromDate: string;
  toDate: string;
  createdAt: string;
  createdBy: string;
  grantedAt: string | null;
  acceptedAt: string | null;
  /** when it is (or was) valid from: the later of fromDate and its grant or acceptance */
  validFrom: string | null;
  phase: Phase;
  /** when it entered its phase */
  since: string;
  ended: { by: 'revoked' | 'renounced' | 'expired'; at: string; reason?: string } | null;
  suspensionReason?: string;
  becameValid: boolean;
  expiringSoonNoticed: boolean;
};

/** The state after one more event; null before the power is created. */
export function evolveAuthorization(state: AuthorizationState | null, event: AuthorizationEvent): AuthorizationState | null {
  if (event.type === AUTHORIZATION_CREATED) {
    const { authorizationCode, authorizationType, authorizing, authorized, coSignerIdns, fromDate, toDate, createdAt, createdBy } = event.data;
    return {
      authorizationCode,
      authorizationType,
      authorizing,
      authorized,
      coSigners: coSignerIdns.map((idn) => ({ idn, signedAt: null })),
      fromDate,
      toDate,
      createdAt,
      createdBy,
      grantedAt: null,
      acceptedAt: null,
      validFrom: null,
      phase: 'Draft',
      since: createdAt,
      ended: null,
      becameValid: false,
      expiringSoonNoticed: false,
    };
  }
  if (!state) return state;
  switch (event.type) {
    case AUTHORIZATION_CO_SIGNED:
      return { ...state, coSigners: state.coSigners.map((signer) => (signer.idn === event.data.coSignerIdn ? { ...signer, signedAt: event.data.at } : signer)) };
    case AUTHORIZATION_GRANTED: {
      const { at, awaitingAcceptance, validFrom } = event.data;
      return { ...state, grantedAt: at, validFrom: validFrom ?? null, phase: awaitingAcceptance ? 'AwaitingAcceptance' : 'Active', since: at };
    }
    case AUTHORIZATION_ACCEPTED:
      return { ...state, acceptedAt: event.data.at, validFrom: event.data.validFrom, phase: 'Active', since: event.data.at };
    case AUTHORIZATION_BECAME_VALID:
      return { ...state, becameValid: true };
    case AUTHORIZATION_SUSPENDED:
      return { ...state, phase: 'Suspended', since: event.data.at, suspensionReason: event.data.reason };
    case AUTHORIZATION_RESUMED:
      return { ...state, phase: 'Active', since: event.data.at, suspensionReason: undefined };
    case AUTHORIZATION_REVOKED:
      return { ...state, phase: 'Ended', since: event.data.at, ended: { by: 'revoked', at: event.data.at, reason: event.data.reason } };
    case AUTHORIZATION_RENOUNCED:
      return { ...state, phase: 'Ended', since: event.data.at, ended: { by: 'renounced', at: event.data.at, reason: event.data.reason } };
    case AUTHORIZATION_EXPIRING_SOON:
      return { ...state, expiringSoonNoticed: true };
    case AUTHORIZATION_EXPIRED:
      return { ...state, phase: 'Ended', since: event.data.invalidFrom, ended: { by: 'expired', at: event.data.invalidFrom } };
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}

/** The reference every event after `created` carries (events.ts, PowerRef). */
export function powerRefOf(state: AuthorizationState): PowerRef {
  return {
    authorizationCode: state.authorizationCode,
    authorizationTypeCode: state.authorizationType.code,
    serviceProviderIdno: state.authorizationType.serviceProviderIdno,
    authorizing: { partyType: state.authorizing.partyType, idn: state.authorizing.idn },
    authorized: { partyType: state.authorized.partyType, idn: state.authorized.idn },
  };
}
