import type { Decider } from '../../platform/decider';
import type { ProblemFieldErrors } from '../../platform/errors';
import type { AuthorizationCommand, CreateAuthorization } from './commands';
import { creationProblems } from './creation-rules';
import {
  AUTHORIZATION_ACCEPTED,
  AUTHORIZATION_CO_SIGNED,
  AUTHORIZATION_CREATED,
  AUTHORIZATION_GRANTED,
  AUTHORIZATION_RENOUNCED,
  AUTHORIZATION_RESUMED,
  AUTHORIZATION_REVOKED,
  AUTHORIZATION_SUSPENDED,
  type AuthorizationEvent,
} from './events';
import { evolveAuthorization, powerRefOf, type AuthorizationState } from './state';
import { statusAt, type AuthorizationStatus } from './status';
import { becameValidIfDue, timedEvents } from './time-effects';
import { refusalOf, type AuthorizationAction } from './transitions';

export class AuthorizationCodeTakenError extends Error {
  constructor(readonly authorizationCode: string) {
    super(`the authorization code ${authorizationCode} is taken`);
    this.name = 'AuthorizationCodeTakenError';
  }
}

export class AuthorizationNotFoundError extends Error {
  constructor(
    readonly authorizationCode: string,
    description = `no power of representation has the authorization code ${authorizationCode}`,
  ) {
    super(description);
    this.name = 'AuthorizationNotFoundError';
  }
}

/** The request breaks a rule of powers (problems by the request's member names). */
export class InvalidAuthorizationError extends Error {
  constructor(readonly problems: ProblemFieldErrors) {
    super(`the power of representation breaks its rules: ${Object.entries(problems).map(([field, messages]) => `${field} ${messages.join(', ')}`).join('; ')}`);
    this.name = 'InvalidAuthorizationError';
  }
}

export class TransitionRefusedError extends Error {
  constructor(
    readonly action: AuthorizationAction,
    readonly status: AuthorizationStatus,
    reason: string,
  ) {
    super(reason);
    this.name = 'TransitionRefusedError';
  }
}

const ACTION_OF = {
  CoSignAuthorization: 'coSign',
  AcceptAuthorization: 'accept',
  SuspendAuthorization: 'suspend',
  ResumeAuthorization: 'resume',
  RevokeAuthorization: 'revoke',
  RenounceAuthorization: 'renounce',
} as const satisfies Record<Exclude<AuthorizationCommand['type'], 'CreateAuthorization' | 'AdvanceAuthorization'>, AuthorizationAction>;

const fold = (state: AuthorizationState | null, events: AuthorizationEvent[]) => events.reduce(evolveAuthorization, state);

/**
 * One power of representation. Every decision is taken on the status the power has at the command's
 * instant (status.ts), and records first what time brought and nobody recorded yet (it became valid), so
 * that the log tells what happened in the order it happened. Refused moves name the reason.
 */
export const authorizationDecider: Decider<AuthorizationCommand, AuthorizationEvent, AuthorizationState | null> = {
  initialState: () => null,
  evolve: evolveAuthorization,
  decide: (command, state) => {
    if (command.type === 'CreateAuthorization') return create(command, state);
    if (!state) throw new AuthorizationNotFoundError(command.authorizationCode);
    if (command.type === 'AdvanceAuthorization') return timedEvents(state, command.at, command.expiresSoonWithinMs);
    const { at } = command;
    const before = becameValidIfDue(state, at);
    const current = fold(state, before)!;
    const action = ACTION_OF[command.type];
    const status = statusAt(current, at);
    const refusal = refusalOf(action, status);
    if (refusal) throw new TransitionRefusedError(action, status, refusal);
    const events = actionEvents(command, current);
    return [...before, ...events, ...becameValidIfDue(fold(current, events)!, at)];
  },
};

function create(command: CreateAuthorization, state: AuthorizationState | null): AuthorizationEvent[] {
  if (state) throw new AuthorizationCodeTakenError(command.authorizationCode);
  const problems = creationProblems(command);
  if (Object.keys(problems).length > 0) throw new InvalidAuthorizationError(problems);
  const { authorizationCode, authorizationType, authorizing, authorized, coSignerIdns, fromDate, toDate, at, createdBy } = command;
  const { requiresCoSigning: _coSigning, ...type } = authorizationType;
  const created: AuthorizationEvent = {
    type: AUTHORIZATION_CREATED,
    data: { authorizationCode, authorizationType: type, authorizing, authorized, coSignerIdns, fromDate, toDate, createdAt: at, createdBy },
  };
  const draft = fold(null, [created])!;
  const granted = coSignerIdns.length === 0 ? [grant(draft, at)] : [];
  return [created, ...granted, ...becameValidIfDue(fold(draft, granted)!, at)];
}

/** Granted once nothing but the representative's acceptance (if the type needs it) is outstanding. */
function grant(state: AuthorizationState, at: string): AuthorizationEvent {
  const power = powerRefOf(state);
  if (state.authorizationType.requiresAcceptance) return { type: AUTHORIZATION_GRANTED, data: { power, at, awaitingAcceptance: true } };
  return { type: AUTHORIZATION_GRANTED, data: { power, at, awaitingAcceptance: false, validFrom: later(state.fromDate, at) } };
}

const later = (a: string, b: string) => (a > b ? a : b);

function actionEvents(command: Exclude<AuthorizationCommand, CreateAuthorization | { type: 'AdvanceAuthorization' }>, state: AuthorizationState): AuthorizationEvent[] {
  const { at } = command;
  const power = powerRefOf(state);
  switch (command.type) {
    case 'CoSignAuthorization': {
      const signer = state.coSigners.find((candidate) => candidate.idn === command.coSignerIdn);
      if (!signer) throw new InvalidAuthorizationError({ coSignerIdn: ['is not a co-signer of this power of representation'] });
      if (signer.signedAt) return [];
      const coSigned: AuthorizationEvent = { type: AUTHORIZATION_CO_SIGNED, data: { power, coSignerIdn: command.coSignerIdn, at } };
      const after = fold(state, [coSigned])!;
      return after.coSigners.every((candidate) => candidate.signedAt) ? [coSigned, grant(after, at)] : [coSigned];
    }
    case 'AcceptAuthorization':
      return [{ type: AUTHORIZATION_ACCEPTED, data: { power, at, validFrom: later(state.fromDate, at) } }];
    case 'SuspendAuthorization':
      return [{ type: AUTHORIZATION_SUSPENDED, data: { power, at, ...reasonOf(command.reason) } }];
    case 'ResumeAuthorization':
      return [{ type: AUTHORIZATION_RESUMED, data: { power, at } }];
    case 'RevokeAuthorization':
      return [{ type: AUTHORIZATION_REVOKED, data: { power, at, ...reasonOf(command.reason) } }];
    case 'RenounceAuthorization':
      return [{ type: AUTHORIZATION_RENOUNCED, data: { power, at, ...reasonOf(command.reason) } }];
    default: {
      const unexpected: never = command;
      return unexpected;
    }
  }
}

const reasonOf = (reason: string | undefined) => (reason ? { reason } : {});
