import type { AuthorizationState } from '../authorization/state';
import { AUTHORIZATION_STATUSES, validityAt } from '../authorization/status';
import { stateDigest } from '../file/state-digest';

/** A power in the intake's answers without anyone's data: what a managing system needs to follow it. */
export function authorizationSummary(state: AuthorizationState, now: string) {
  const { status, isValid, fromDate, toDate } = validityAt(state, now);
  return {
    authorizationCode: state.authorizationCode,
    authorizationTypeCode: state.authorizationType.code,
    status,
    statusCode: AUTHORIZATION_STATUSES[status],
    isValid,
    fromDate,
    toDate,
  };
}

/**
 * The whole power (GET .../authorizations/{code}), with the SHA-256 an authorization file issued now would
 * print (stateSha256): a file's digest equal to it states the power as it is.
 */
export function authorizationView(state: AuthorizationState, now: string) {
  return {
    ...authorizationSummary(state, now),
    authorizationTypeName: state.authorizationType.name,
    serviceProviderIdno: state.authorizationType.serviceProviderIdno,
    serviceProviderName: state.authorizationType.serviceProviderName,
    authorizing: state.authorizing,
    authorized: state.authorized,
    coSigners: state.coSigners,
    requestedFromDate: state.fromDate,
    requestedToDate: state.toDate,
    validFrom: state.validFrom,
    createdAt: state.createdAt,
    grantedAt: state.grantedAt,
    acceptedAt: state.acceptedAt,
    since: state.since,
    ended: state.ended,
    stateSha256: stateDigest(state, now),
  };
}
