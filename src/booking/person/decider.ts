import type { Decider, DomainEvent } from '../../platform/decider';

/**
 * A person who books: holds the userAccessToken that links all of the person's appointments. The token is
 * issued on the first booking and reused on every later one.
 */
export const PERSON_TOKEN_ISSUED = 'md.gov.booking.person.token-issued.v1';

export type PersonEvent = DomainEvent<typeof PERSON_TOKEN_ISSUED, { userAccessToken: string; issuedAt: string }>;
export type PersonCommand = { type: 'issueToken'; userAccessToken: string; at: string };
export type PersonState = { userAccessToken: string | null };

export const personDecider: Decider<PersonCommand, PersonEvent, PersonState> = {
  initialState: () => ({ userAccessToken: null }),

  evolve(state, event) {
    switch (event.type) {
      case PERSON_TOKEN_ISSUED:
        return state.userAccessToken ? state : { userAccessToken: event.data.userAccessToken };
      default: {
        const unknown: never = event.type;
        return unknown;
      }
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'issueToken':
        return state.userAccessToken ? [] : [{ type: PERSON_TOKEN_ISSUED, data: { userAccessToken: command.userAccessToken, issuedAt: command.at } }];
      default: {
        const unknown: never = command.type;
        return unknown;
      }
    }
  },
};
