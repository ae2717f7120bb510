import { expect } from 'chai';
import type { Decider, DomainEvent } from '../../src/platform/decider';
import { contractViolations } from './event-contracts';

/**
 * Given/when/then for deciders: given past events, when a command, then the new events (or an error).
 *   const spec = deciderSpec(appointmentDecider);
 *   spec.given([requested]).when(confirm).then([confirmed]);
 *   spec.given([]).when(confirm).thenThrows(AppointmentError, /not found/);
 * Every event the decider returns must also fit its type's contract, schemas/events/<type>.json.
 */
export function deciderSpec<Command, Event extends DomainEvent, State>(decider: Decider<Command, Event, State>) {
  return {
    given(history: Event[]) {
      return {
        when(command: Command) {
          const run = () => decider.decide(command, history.reduce(decider.evolve, decider.initialState()));
          const decided = () => {
            const events = run();
            expectContractsKept(events);
            return events;
          };
          return {
            then(expected: Event[]) {
              expect(decided()).to.deep.equal(expected);
            },
            thenThrows(errorType: abstract new (...args: never[]) => Error, message?: RegExp) {
              expect(run).to.throw(errorType as never, message);
            },
            /** for events carrying generated values: check them with a function */
            thenMatches(check: (events: Event[]) => void) {
              check(decided());
            },
          };
        },
      };
    },
  };
}

function expectContractsKept(events: DomainEvent[]) {
  const broken = events.flatMap((event, index) => {
    const violations = contractViolations(event.type, event.data);
    return violations.length ? [`event [${index}] ${event.type}:\n    ${violations.join('\n    ')}`] : [];
  });
  if (broken.length > 0) expect.fail(`the decider's events break their contracts (schemas/events):\n  ${broken.join('\n  ')}`);
}
