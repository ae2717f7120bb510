import type { Decider } from '../../platform/decider';
import type { PersonCommand } from './commands';
import { PERSON_TOKEN_ISSUED, type PersonEvent } from './events';

export type PersonState = { userAccessToken: string | null };

/** The token is issued once: a later request for one keeps the first. */
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
