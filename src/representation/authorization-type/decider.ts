import { isDeepStrictEqual } from 'node:util';
import type { Decider } from '../../platform/decider';
import type { AuthorizationTypeCommand } from './commands';
import { AUTHORIZATION_TYPE_DEFINED, AUTHORIZATION_TYPE_UPDATED, type AuthorizationTypeDefinition, type AuthorizationTypeEvent } from './events';

export class AuthorizationTypeExistsError extends Error {
  constructor(readonly code: string) {
    super(`the authorization type ${code} is already defined otherwise: change it with PUT`);
    this.name = 'AuthorizationTypeExistsError';
  }
}

export class AuthorizationTypeNotFoundError extends Error {
  constructor(readonly code: string) {
    super(`no authorization type has the code ${code}`);
    this.name = 'AuthorizationTypeNotFoundError';
  }
}

export class ServiceProviderChangeError extends Error {
  constructor(readonly code: string) {
    super(`the authorization type ${code} belongs to its service provider for good: define a new type for another one`);
    this.name = 'ServiceProviderChangeError';
  }
}

export type AuthorizationTypeState = AuthorizationTypeDefinition | null;

/**
 * A type is defined once and may then be changed, never moved to another service provider (the scope of
 * its powers follows the provider). The same definition again decides nothing: defining is idempotent.
 */
export const authorizationTypeDecider: Decider<AuthorizationTypeCommand, AuthorizationTypeEvent, AuthorizationTypeState> = {
  initialState: () => null,
  evolve: (_state, event) => {
    switch (event.type) {
      case AUTHORIZATION_TYPE_DEFINED:
      case AUTHORIZATION_TYPE_UPDATED:
        return event.data.definition;
      default: {
        const unexpected: never = event;
        return unexpected;
      }
    }
  },
  decide: (command, state) => {
    const { definition, at } = command;
    if (state && isDeepStrictEqual(state, definition)) return [];
    switch (command.type) {
      case 'DefineAuthorizationType':
        if (state) throw new AuthorizationTypeExistsError(definition.code);
        return [{ type: AUTHORIZATION_TYPE_DEFINED, data: { definition, at } }];
      case 'UpdateAuthorizationType':
        if (!state) throw new AuthorizationTypeNotFoundError(definition.code);
        if (state.serviceProviderIdno !== definition.serviceProviderIdno) throw new ServiceProviderChangeError(definition.code);
        return [{ type: AUTHORIZATION_TYPE_UPDATED, data: { definition, at } }];
      default: {
        const unexpected: never = command;
        return unexpected;
      }
    }
  },
};
