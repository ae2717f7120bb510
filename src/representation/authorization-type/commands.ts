import type { AuthorizationTypeDefinition } from './events';

export type DefineAuthorizationType = { type: 'DefineAuthorizationType'; definition: AuthorizationTypeDefinition; at: string };
export type UpdateAuthorizationType = { type: 'UpdateAuthorizationType'; definition: AuthorizationTypeDefinition; at: string };

export type AuthorizationTypeCommand = DefineAuthorizationType | UpdateAuthorizationType;
