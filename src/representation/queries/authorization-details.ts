import type { AuthorizationState } from '../authorization/state';
import { validityAt } from '../authorization/status';

/** The seed's AuthorizationDetails, member names and order as the public guide's sample has them. */
export type AuthorizationDetails = {
  authorizationCode: string;
  authorizationTypeCode: string;
  authorizingPartyType: number;
  authorizingIdn: string;
  authorizedPartyType: number;
  authorizedIdn: string;
  fromDate: string;
  toDate: string | null;
  isValid: boolean;
  authorizingPartyName: string;
  authorizedPartyName: string;
  authorizationTypeName: string;
  serviceProviderIdno: string;
  serviceProviderName: string;
};

/** What a power is at `now` in the seed's words (validity follows time: status.ts). */
export function authorizationDetails(state: AuthorizationState, now: string): AuthorizationDetails {
  const { isValid, fromDate, toDate } = validityAt(state, now);
  return {
    authorizationCode: state.authorizationCode,
    authorizationTypeCode: state.authorizationType.code,
    authorizingPartyType: state.authorizing.partyType,
    authorizingIdn: state.authorizing.idn,
    authorizedPartyType: state.authorized.partyType,
    authorizedIdn: state.authorized.idn,
    fromDate,
    toDate,
    isValid,
    authorizingPartyName: state.authorizing.name,
    authorizedPartyName: state.authorized.name,
    authorizationTypeName: state.authorizationType.name,
    serviceProviderIdno: state.authorizationType.serviceProviderIdno,
    serviceProviderName: state.authorizationType.serviceProviderName,
  };
}

/** The natural persons a power names (the data subjects of a read of it): its parties of type 1, and its co-signers. */
export function personsOf(state: AuthorizationState, withCoSigners = false): string[] {
  const parties = [state.authorizing, state.authorized].filter((party) => party.partyType === 1).map((party) => party.idn);
  return withCoSigners ? [...parties, ...state.coSigners.map((signer) => signer.idn)] : parties;
}
