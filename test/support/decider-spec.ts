import { expect } from 'chai';
import type { Decider, DomainEvent } from '../../src/platform/decider';

/**
 * Given/when/then for deciders: given past events, when a command, then the new events (or an error).
 *   const spec = deciderSpec(appointmentDecider);
 *   spec.given([requested]).when(confirm).then([confirmed]);
 *   spec.given([]).when(confirm).thenThrows(AppointmentError, /not found/);
 */
export function deciderSpec<Command, Event extends DomainEvent, State>(decider: Decider<Command, Event, State>) {
  return {
    given(history: Event[]) {
      return {
        when(command: Command) {
          const run = () => decider.decide(command, history.reduce(decider.evolve, decider.initialState()));
          return {
            then(expected: Event[]) {
              expect(run()).to.deep.equal(expected);
            },
            thenThrows(errorType: abstract new (...args: never[]) => Error, message?: RegExp) {
              expect(run).to.throw(errorType as never, message);
            },
            /** for events carrying generated values: check them with a function */
            thenMatches(check: (events: Event[]) => void) {
              check(run());
            },
          };
        },
      };
    },
  };
}
