import type { Clock } from '../../platform/clock';
import { CommandHandler } from '../../platform/decider';
import type { EventStore } from '../../platform/event-store/event-store';
import type { ClientDefinition } from '../../platform/identity/client-registry';
import { newAuthorizationCode } from '../authorization/authorization-code';
import type { AuthorizationCommand, CreateAuthorization } from '../authorization/commands';
import { AuthorizationCodeTakenError, authorizationDecider, AuthorizationNotFoundError } from '../authorization/decider';
import type { AuthorizationEvent, PartyType } from '../authorization/events';
import type { AuthorizationState } from '../authorization/state';
import { toAuthorizationStreamId } from '../authorization/stream';
import type { AuthorizationAction } from '../authorization/transitions';
import type { PartyNames } from '../parties/party-names';
import { inScope, OutOfScopeError } from '../queries/scope';
import { REPRESENTATION_SOURCE } from '../service';
import type { AuthorizationTypeIntake } from './authorization-type-intake';
import { validityPeriod } from '../authorization/validity-period';

/** The body of POST /api/v1/representation/authorizations, as its schema admits it. */
export type AuthorizationRequest = {
  authorizationTypeCode: string;
  authorizingPartyType: PartyType;
  authorizingIdn: string;
  authorizingPartyName?: string;
  authorizedPartyType: PartyType;
  authorizedIdn: string;
  authorizedPartyName?: string;
  fromDate: string;
  toDate: string;
  coSignerIdns?: string[];
};

/** What a move on a power may carry: the co-signer who signs; why (suspension, revocation, renunciation). */
export type ActionRequest = { coSignerIdn?: string; reason?: string };

export type Outcome = { authorizationCode: string; state: AuthorizationState; lastPosition: number };

/** A new code that is taken (one in 10^16 per power stored) is drawn again, this many times at most. */
const CODE_DRAWS = 5;

/**
 * The intake of powers for the systems that manage them: creates a power of a type the client may act for,
 * and runs the moves clients ask for through the authorization decider. Every command is decided at the
 * platform clock's instant.
 */
export class AuthorizationIntake {
  private readonly handler: CommandHandler<AuthorizationCommand, AuthorizationEvent, AuthorizationState | null>;

  constructor(
    events: EventStore,
    private readonly clock: Clock,
    private readonly types: AuthorizationTypeIntake,
    private readonly names: PartyNames,
  ) {
    this.handler = new CommandHandler(events, authorizationDecider, { source: REPRESENTATION_SOURCE, clock });
  }

  /** `authorizationCode`: one the caller derived (the demo data's), never drawn again; a new random one otherwise. */
  async create(request: AuthorizationRequest, client: ClientDefinition, authorizationCode?: string): Promise<Outcome> {
    const type = await this.types.current(request.authorizationTypeCode);
    if (!inScope(client, type.serviceProviderIdno)) throw new OutOfScopeError(`the authorization type ${type.code}`);
    const { fromDate, toDate } = validityPeriod(request.fromDate, request.toDate);
    const command: Omit<CreateAuthorization, 'authorizationCode'> = {
      type: 'CreateAuthorization',
      authorizationType: {
        code: type.code,
        name: type.names.ro,
        requiresAcceptance: type.requiresAcceptance,
        requiresCoSigning: type.requiresCoSigning,
        serviceProviderIdno: type.serviceProviderIdno,
        serviceProviderName: type.serviceProviderName,
      },
      authorizing: { partyType: request.authorizingPartyType, idn: request.authorizingIdn, name: this.names.nameOf(request.authorizingIdn, request.authorizingPartyName) },
      authorized: { partyType: request.authorizedPartyType, idn: request.authorizedIdn, name: this.names.nameOf(request.authorizedIdn, request.authorizedPartyName) },
      coSignerIdns: request.coSignerIdns ?? [],
      fromDate,
      toDate,
      at: this.now(),
      createdBy: client.id,
    };
    if (authorizationCode) return this.run(authorizationCode, { ...command, authorizationCode }, client);
    for (let draw = 1; ; draw += 1) {
      const drawn = newAuthorizationCode();
      try {
        return await this.run(drawn, { ...command, authorizationCode: drawn }, client);
      } catch (error) {
        if (!(error instanceof AuthorizationCodeTakenError) || draw === CODE_DRAWS) throw error;
      }
    }
  }

  /** One of the moves of transitions.ts, on a power the client sees. */
  async act(authorizationCode: string, action: AuthorizationAction, request: ActionRequest, client: ClientDefinition): Promise<Outcome> {
    await this.visible(authorizationCode, client);
    const on = { authorizationCode, at: this.now() };
    const commands: Record<AuthorizationAction, AuthorizationCommand> = {
      coSign: { type: 'CoSignAuthorization', ...on, coSignerIdn: request.coSignerIdn ?? '' },
      accept: { type: 'AcceptAuthorization', ...on },
      suspend: { type: 'SuspendAuthorization', ...on, reason: request.reason },
      resume: { type: 'ResumeAuthorization', ...on },
      revoke: { type: 'RevokeAuthorization', ...on, reason: request.reason },
      renounce: { type: 'RenounceAuthorization', ...on, reason: request.reason },
    };
    return this.run(authorizationCode, commands[action], client);
  }

  /** The scheduler's: records what time brought the power by now. */
  async advance(authorizationCode: string, expiresSoonWithinMs: number, producer: string): Promise<AuthorizationEvent[]> {
    const result = await this.handler.handle(toAuthorizationStreamId(authorizationCode), { type: 'AdvanceAuthorization', authorizationCode, at: this.now(), expiresSoonWithinMs }, producer);
    return result.events;
  }

  /** The power as its stream has it now, if the client sees it. */
  async visible(authorizationCode: string, client: ClientDefinition): Promise<AuthorizationState> {
    const { state } = await this.handler.load(toAuthorizationStreamId(authorizationCode));
    if (!state) throw new AuthorizationNotFoundError(authorizationCode);
    if (!inScope(client, state.authorizationType.serviceProviderIdno)) throw new OutOfScopeError(`the power of representation ${authorizationCode}`);
    return state;
  }

  private async run(authorizationCode: string, command: AuthorizationCommand, client: ClientDefinition): Promise<Outcome> {
    const streamId = toAuthorizationStreamId(authorizationCode);
    const result = await this.handler.handle(streamId, command, client.id);
    const { state } = await this.handler.load(streamId);
    return { authorizationCode, state: state!, lastPosition: result.lastPosition };
  }

  private now(): string {
    return this.clock.now().toISOString();
  }
}
