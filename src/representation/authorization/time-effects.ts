import type { AuthorizationEvent } from './events';
import { AUTHORIZATION_BECAME_VALID, AUTHORIZATION_EXPIRED, AUTHORIZATION_EXPIRING_SOON } from './events';
import { evolveAuthorization, powerRefOf, type AuthorizationState } from './state';
import { instantAfter } from './status';

/**
 * What time has brought a power by `at` and is not yet recorded: it became valid (its validFrom passed while
 * it was granted, accepted and not suspended), it expires soon (its toDate is within `expiresSoonWithinMs`),
 * it expired (its toDate passed). Pure; nothing when all is recorded, so the scheduler may ask again.
 */
export function timedEvents(state: AuthorizationState, at: string, expiresSoonWithinMs: number): AuthorizationEvent[] {
  if (state.phase === 'Ended') return [];
  // a power valid at some time before it expired is recorded as having become valid, even late
  const becameValid = becameValidIfDue(state, at < state.toDate ? at : state.toDate, at);
  const current = becameValid.reduce<AuthorizationState>((folded, event) => evolveAuthorization(folded, event)!, state);
  if (at > state.toDate) {
    return [...becameValid, { type: AUTHORIZATION_EXPIRED, data: { power: powerRefOf(state), at, validTo: state.toDate, invalidFrom: instantAfter(state.toDate) } }];
  }
  const noticeDue =
    (current.phase === 'Active' || current.phase === 'Suspended') &&
    current.becameValid &&
    !current.expiringSoonNoticed &&
    Date.parse(at) >= Date.parse(current.toDate) - expiresSoonWithinMs;
  return noticeDue ? [...becameValid, { type: AUTHORIZATION_EXPIRING_SOON, data: { power: powerRefOf(current), at, validTo: current.toDate } }] : becameValid;
}

/** "Became valid", when the power is valid by `validAt` and it is not yet recorded; `at`: when it is recorded. */
export function becameValidIfDue(state: AuthorizationState, validAt: string, at: string = validAt): AuthorizationEvent[] {
  const due = state.phase === 'Active' && !state.becameValid && state.validFrom !== null && state.validFrom <= validAt && validAt <= state.toDate;
  return due ? [{ type: AUTHORIZATION_BECAME_VALID, data: { power: powerRefOf(state), at, validFrom: state.validFrom!, validTo: state.toDate } }] : [];
}

/**
 * The instants at which the scheduler next has something to record, for the read model it sweeps:
 * dueAt (becoming valid or expiring), expiryNoticeFrom (the toDate the "expires soon" notice counts back
 * from; the window is a setting, so it is applied by the sweep, not stored).
 */
export function dueInstants(state: AuthorizationState): { dueAt: string | null; expiryNoticeFrom: string | null } {
  if (state.phase === 'Ended') return { dueAt: null, expiryNoticeFrom: null };
  const expiry = instantAfter(state.toDate);
  const becomesValid = state.phase === 'Active' && !state.becameValid && state.validFrom !== null ? state.validFrom : null;
  const noticePending = (state.phase === 'Active' || state.phase === 'Suspended') && state.becameValid && !state.expiringSoonNoticed;
  return { dueAt: becomesValid !== null && becomesValid < expiry ? becomesValid : expiry, expiryNoticeFrom: noticePending ? state.toDate : null };
}
