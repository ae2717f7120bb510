import type { AuthorizationState } from './state';

/**
 * The seed's authorization statuses with the numbers of its status filter (the filter names 3
 * `PendingValidity`, the status enumeration `Pending`: one status).
 */
export const AUTHORIZATION_STATUSES = { Draft: 1, PendingAcceptance: 2, Pending: 3, Valid: 4, Suspended: 5, Canceled: 6 } as const;
export type AuthorizationStatus = keyof typeof AUTHORIZATION_STATUSES;

/** The first instant after an inclusive end (toDate): from then on the power is expired. */
export const instantAfter = (toDate: string) => new Date(Date.parse(toDate) + 1).toISOString();

/**
 * What a power is at an instant, from its recorded state and the clock alone: a power starting tomorrow is
 * Pending today and Valid tomorrow, one whose toDate has passed is Canceled, whether or not the scheduler
 * has yet recorded it. Instants are ISO-8601 UTC strings and compare as text.
 */
export function statusAt(state: AuthorizationState, now: string): AuthorizationStatus {
  if (state.phase === 'Ended' || now > state.toDate) return 'Canceled';
  switch (state.phase) {
    case 'Draft':
      return 'Draft';
    case 'AwaitingAcceptance':
      return 'PendingAcceptance';
    case 'Suspended':
      return 'Suspended';
    case 'Active':
      return state.validFrom !== null && now >= state.validFrom ? 'Valid' : 'Pending';
    default: {
      const unexpected: never = state.phase;
      return unexpected;
    }
  }
}

/**
 * The seed's fromDate, toDate and isValid at an instant. Valid: from when and until when it is valid. Not
 * valid: since when it has been suspended or invalid (the start of its present status: its creation,
 * grant or acceptance while not yet valid, its suspension, its end), and no toDate.
 */
export function validityAt(state: AuthorizationState, now: string): { status: AuthorizationStatus; isValid: boolean; fromDate: string; toDate: string | null } {
  const status = statusAt(state, now);
  if (status === 'Valid') return { status, isValid: true, fromDate: state.validFrom!, toDate: state.toDate };
  const expiredByTime = status === 'Canceled' && state.phase !== 'Ended';
  return { status, isValid: false, fromDate: expiredByTime ? instantAfter(state.toDate) : state.since, toDate: null };
}
