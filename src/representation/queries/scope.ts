import type { Filter } from '../../platform/document-store/document-store';
import { hasRight, type ClientDefinition } from '../../platform/identity/client-registry';
import { RepresentationRights } from '../rights';
import { REPRESENTATION_SERVICE } from '../service';

/**
 * Which powers a client sees (MPower's ViewAllAuthorizations): all of them with the registry right
 * `view-all`, else those of its own service provider, the types defined for its registry IDNO. A client
 * without an IDNO and without `view-all` sees none.
 */
export function seesAll(client: ClientDefinition): boolean {
  return hasRight(client, REPRESENTATION_SERVICE, RepresentationRights.viewAll);
}

export function inScope(client: ClientDefinition, serviceProviderIdno: string): boolean {
  return seesAll(client) || (client.idno !== undefined && client.idno === serviceProviderIdno);
}

/** The read-model filter of the powers the client sees (field: the service provider's IDNO in the document). */
export function scopeFilter(client: ClientDefinition, field = 'authorizationType.serviceProviderIdno'): Filter {
  if (seesAll(client)) return {};
  return client.idno ? { [field]: client.idno } : { _id: { $in: [] } };
}

/** A power or type the client does not see: 403, "not allowed for the transmitted ID" (seed). */
export class OutOfScopeError extends Error {
  constructor(what: string) {
    super(`${what} belongs to another service provider: this client sees only its own service provider's (ViewAllAuthorizations)`);
    this.name = 'OutOfScopeError';
  }
}
