import type { PetitionStatus } from './status';

/**
 * The outcome of a closed petition: the five `*State` members of ClosePetitionRequestModel, one per legal
 * outcome (satisfied, rejected, refused, not examined, redirected), each a ResponseState. The seed shows
 * no values; ours say how much of the petition had that outcome (docs/decisions.md, Petitions).
 */
export const RESPONSE_STATES = { None: 0, Partial: 1, Full: 2 } as const;
export type ResponseState = keyof typeof RESPONSE_STATES;
export const RESPONSE_STATE_NAMES = Object.keys(RESPONSE_STATES) as ResponseState[];

export const OUTCOMES = ['satisfactionState', 'rejectionState', 'refuseState', 'unexaminedState', 'redirectedState'] as const;
export type Outcome = (typeof OUTCOMES)[number];
export type ResponseStates = Record<Outcome, ResponseState>;

/** The outcomes given, every other one None. */
export const outcomesOf = (given: Partial<ResponseStates>): ResponseStates => ({ ...(Object.fromEntries(OUTCOMES.map((outcome) => [outcome, 'None'])) as ResponseStates), ...given });

/** A ResponseState as a client writes it (name or number); left out means None. */
export function responseStateNamed(value: string | number | undefined): ResponseState | undefined {
  if (value === undefined) return 'None';
  return RESPONSE_STATE_NAMES.find((name) => name === value || RESPONSE_STATES[name] === value);
}

/**
 * Why these outcomes cannot close a petition, or null: at least one outcome is given, and an outcome for
 * the whole petition (Full) leaves no room for another; partial outcomes may be combined.
 */
export function responseStatesRefusal(states: ResponseStates): string | null {
  const given = OUTCOMES.filter((outcome) => states[outcome] !== 'None');
  if (given.length === 0) return 'a response needs at least one outcome (one of the *State members Partial or Full)';
  const full = given.find((outcome) => states[outcome] === 'Full');
  if (full && given.length > 1) return `${full} is Full, so every other outcome must be None (given: ${given.join(', ')})`;
  return null;
}

/** The status a response leaves: Completed when any part was satisfied or only redirected, else Rejected. */
export function closedStatusOf(states: ResponseStates): Extract<PetitionStatus, 'Completed' | 'Rejected'> {
  if (states.satisfactionState !== 'None') return 'Completed';
  const negative = states.rejectionState !== 'None' || states.refuseState !== 'None' || states.unexaminedState !== 'None';
  return negative ? 'Rejected' : 'Completed';
}
