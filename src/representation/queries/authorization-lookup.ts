import type { ClientDefinition } from '../../platform/identity/client-registry';
import type { DocumentStore } from '../../platform/document-store/document-store';
import { AUTHORIZATIONS, stateOf, type AuthorizationDocument } from '../../../projections/representation/authorizations';
import { AuthorizationNotFoundError } from '../authorization/decider';
import type { AuthorizationState } from '../authorization/state';
import { inScope, OutOfScopeError } from './scope';

/**
 * A power by its code, as the read model has it: one lookup by key, whatever the number of powers stored
 * (Code-True-One's path). 404 when there is none, 403 when the client does not see it.
 */
export async function lookUpAuthorization(documents: DocumentStore, authorizationCode: string, client: ClientDefinition): Promise<AuthorizationState> {
  const document = await documents.collection<AuthorizationDocument>(AUTHORIZATIONS).findOne({ _id: authorizationCode });
  if (!document) throw new AuthorizationNotFoundError(authorizationCode);
  if (!inScope(client, document.authorizationType.serviceProviderIdno)) throw new OutOfScopeError(`the power of representation ${authorizationCode}`);
  return stateOf(document);
}
