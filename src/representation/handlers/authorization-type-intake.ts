import type { Clock } from '../../platform/clock';
import { CommandHandler, type Folded } from '../../platform/decider';
import type { EventStore } from '../../platform/event-store/event-store';
import type { ClientDefinition } from '../../platform/identity/client-registry';
import type { AuthorizationTypeCommand } from '../authorization-type/commands';
import { authorizationTypeDecider, AuthorizationTypeNotFoundError, type AuthorizationTypeState } from '../authorization-type/decider';
import type { AuthorizationTypeDefinition, AuthorizationTypeEvent } from '../authorization-type/events';
import { toAuthorizationTypeStreamId } from '../authorization-type/stream';
import { inScope, OutOfScopeError } from '../queries/scope';
import { REPRESENTATION_SOURCE } from '../service';

/** Defines and changes authorization types, each for a service provider the client may act for. */
export class AuthorizationTypeIntake {
  private readonly handler: CommandHandler<AuthorizationTypeCommand, AuthorizationTypeEvent, AuthorizationTypeState>;

  constructor(
    events: EventStore,
    private readonly clock: Clock,
  ) {
    this.handler = new CommandHandler(events, authorizationTypeDecider, { source: REPRESENTATION_SOURCE, clock });
  }

  /** Whether it was new: the same definition again is accepted and records nothing. */
  async define(definition: AuthorizationTypeDefinition, client: ClientDefinition): Promise<{ created: boolean; lastPosition: number }> {
    if (!inScope(client, definition.serviceProviderIdno)) throw new OutOfScopeError(`the authorization type ${definition.code}`);
    const result = await this.handler.handle(toAuthorizationTypeStreamId(definition.code), { type: 'DefineAuthorizationType', definition, at: this.now() }, client.id);
    return { created: result.events.length > 0, lastPosition: result.lastPosition };
  }

  async update(definition: AuthorizationTypeDefinition, client: ClientDefinition): Promise<{ lastPosition: number }> {
    const current = await this.current(definition.code);
    if (!inScope(client, current.serviceProviderIdno) || !inScope(client, definition.serviceProviderIdno)) throw new OutOfScopeError(`the authorization type ${definition.code}`);
    const result = await this.handler.handle(toAuthorizationTypeStreamId(definition.code), { type: 'UpdateAuthorizationType', definition, at: this.now() }, client.id);
    return { lastPosition: result.lastPosition };
  }

  /** The type as its stream has it now (not the read model, which may not have applied a definition just made). */
  async current(code: string): Promise<AuthorizationTypeDefinition> {
    const folded: Folded<AuthorizationTypeState> = await this.handler.load(toAuthorizationTypeStreamId(code));
    if (!folded.state) throw new AuthorizationTypeNotFoundError(code);
    return folded.state;
  }

  private now(): string {
    return this.clock.now().toISOString();
  }
}
