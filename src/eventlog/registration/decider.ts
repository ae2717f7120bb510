import type { Decider } from '../../platform/decider';
import type { RegisterEvents } from './commands';
import { EVENTS_REGISTERED, type RegistrationEvent } from './events';
import { checkLogEvent } from './log-event-rules';

export class InvalidLogEventsError extends Error {
  constructor(readonly problems: Record<string, string[]>) {
    super(`the events do not follow the logging rules: ${Object.entries(problems).map(([path, messages]) => `${path} ${messages.join(', ')}`).join('; ')}`);
    this.name = 'InvalidLogEventsError';
  }
}

export class RegistrationAlreadyExistsError extends Error {
  constructor(readonly uid: string) {
    super(`registration ${uid} already exists`);
    this.name = 'RegistrationAlreadyExistsError';
  }
}

export class EmptyRegistrationError extends Error {
  constructor() {
    super('the request holds no event');
    this.name = 'EmptyRegistrationError';
  }
}

type RegistrationState = { registered: boolean };

/** A registration is written once, whole: every entry valid or none is registered. */
export const registrationDecider: Decider<RegisterEvents, RegistrationEvent, RegistrationState> = {
  initialState: () => ({ registered: false }),
  evolve: (state, event) => {
    switch (event.type) {
      case EVENTS_REGISTERED:
        return { registered: true };
      default: {
        const unexpected: never = event.type;
        return unexpected;
      }
    }
  },
  decide: (command, state) => {
    if (state.registered) throw new RegistrationAlreadyExistsError(command.uid);
    if (command.entries.length === 0) throw new EmptyRegistrationError();
    const problems = Object.assign({}, ...command.entries.map((entry, index) => checkLogEvent(entry.fields, command.entries.length === 1 ? '' : `/${index}`)));
    if (Object.keys(problems).length > 0) throw new InvalidLogEventsError(problems);
    return [
      {
        type: EVENTS_REGISTERED,
        data: {
          uid: command.uid,
          clientId: command.clientId,
          ...(command.clientIdno ? { clientIdno: command.clientIdno } : {}),
          registeredAt: command.at,
          origin: command.origin,
          entries: command.entries,
          signatures: command.signatures,
        },
      },
    ];
  },
  // the registering client's organisation
  owners: (event) => [event.data.clientIdno],
};
