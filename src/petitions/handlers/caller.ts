import type { Request, RequestHandler, Response } from 'express';
import { route } from '../../platform/http/problem';
import { clientOf } from '../../platform/http/service-auth';
import { hasRight, type ClientDefinition } from '../../platform/identity/client-registry';
import type { AuthorityActor } from '../petition/commands';
import { PetitionRights, type AuthorityScope } from '../rights';
import { PETITIONS_SERVICE } from '../service';
import { OwnerTokens } from './owner-token';

/** The caller may not do this (403, code AccessDenied); the message says why. */
export class PetitionsAccessDeniedError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'PetitionsAccessDeniedError';
  }
}

/** An authority system as the petition service sees it: its scope, and the IDNO it is limited to. */
export type AuthorityCaller = { client: ClientDefinition; scope: AuthorityScope; actor: AuthorityActor; idno?: string };

/** The scope the client's rights give it, or null: "*" and authority:all are scope all. */
export function scopeOf(client: ClientDefinition): AuthorityScope | null {
  if (hasRight(client, PETITIONS_SERVICE, PetitionRights.authorityAll)) return 'all';
  if (hasRight(client, PETITIONS_SERVICE, PetitionRights.authorityOwn)) return 'own-authority';
  return null;
}

/**
 * Authority operations: a client certificate with an authority right. A bearer token, when sent, must be
 * valid (401 otherwise) and, for scope own-authority, name the client's own IDNO: a token cannot widen
 * what the registry grants.
 */
export function requireAuthority(tokens: OwnerTokens): RequestHandler {
  return route(async (request, response, next) => {
    const client = clientOf(response);
    const scope = scopeOf(client);
    if (!scope) throw new PetitionsAccessDeniedError(`client ${client.id} is not an authority system in petitions (no ${PetitionRights.authorityOwn} or ${PetitionRights.authorityAll} right)`);
    const token = OwnerTokens.bearerOf(request);
    const owner = token ? await tokens.ownerOf(token, client) : client.idno;
    if (scope === 'own-authority') {
      if (!client.idno) throw new PetitionsAccessDeniedError(`client ${client.id} has scope own-authority but no IDNO in the registry`);
      if (owner !== client.idno) throw new PetitionsAccessDeniedError(`the token names another IDNP or IDNO than the authority ${client.idno} the client is limited to`);
    }
    const caller: AuthorityCaller = { client, scope, idno: client.idno, actor: { clientId: client.id, ...(scope === 'own-authority' ? { onlyAuthorityIdno: client.idno } : {}) } };
    response.locals.petitionsAuthority = caller;
    next();
  });
}

export const authorityOf = (response: Response) => response.locals.petitionsAuthority as AuthorityCaller;

/** Whether an authority caller may see a petition addressed to this IDNO. */
export const authorityCovers = (caller: AuthorityCaller, authorityIdno: string) => caller.scope === 'all' || caller.idno === authorityIdno;

/**
 * The requestor's owner context: the valid bearer token's data.idno (it wins over the certificate, as the
 * public guide says), else the client certificate's IDNO from the registry. It must be the contextId the
 * request names: a token for another person is refused.
 */
export async function requireOwnerContext(tokens: OwnerTokens, request: Request, response: Response, contextId: string): Promise<string> {
  const client = clientOf(response);
  const token = OwnerTokens.bearerOf(request);
  const owner = token ? await tokens.ownerOf(token, client) : client.idno;
  if (!owner) throw new PetitionsAccessDeniedError(`no owner context: send a bearer token, or register an IDNO for client ${client.id}`);
  if (owner !== contextId) throw new PetitionsAccessDeniedError(`the contextId is not the caller's owner context (${token ? 'the token' : 'the certificate'} names another IDNP or IDNO)`);
  return owner;
}
