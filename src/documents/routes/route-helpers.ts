import type { Request, Response } from 'express';
import { canonicalUuid, RequestSchemas } from '../../platform/http/request-validation';
import { clientOf } from '../../platform/http/service-auth';
import { DocumentNotFoundError } from '../document/errors';
import { actingPrincipal } from '../principals/acting-principal';
import { DOCUMENTS_SERVICE } from '../service';

export const documentSchemas = () => RequestSchemas.of(DOCUMENTS_SERVICE);

/**
 * A query validated against its schema, with the values of the named parameters in lower case first
 * (enumerations .NET binds in any case: format=Pdf, language=Ro).
 */
export function queryOf<T>(request: Request, schema: string, lowerCase: string[] = []): T {
  const query = Object.fromEntries(
    Object.entries(request.query).map(([name, value]) => [name, lowerCase.includes(name.toLowerCase()) && typeof value === 'string' ? value.toLowerCase() : value]),
  );
  return documentSchemas().query<T>(schema, query);
}

/** The calling client and the principal the request acts for (its `principal` parameter, checked). */
export function callerOf(response: Response, principal: string | undefined) {
  const client = clientOf(response);
  return { client, principal: actingPrincipal(client, principal) };
}

/** A document's id from the path: a uuid in any letter case, else no such document (404). */
export function documentIdOf(request: Request, name = 'id'): string {
  const id = String(request.params[name]);
  const canonical = canonicalUuid(id);
  if (!canonical) throw new DocumentNotFoundError(id.slice(0, 100));
  return canonical;
}
