import type { DocumentStore, Filter } from '../../platform/document-store/document-store';
import type { ClientDefinition } from '../../platform/identity/client-registry';
import { AUTHORIZATIONS, stateOf, type AuthorizationDocument } from '../../../projections/representation/authorizations';
import { AUTHORIZATION_TYPES, type AuthorizationTypeDocument } from '../../../projections/representation/authorization-types';
import type { AuthorizationStatus } from '../authorization/status';
import { statusCondition } from './authorization-search';
import { authorizationSummary } from './intake-views';
import { scopeFilter } from './scope';

export const DEFAULT_LIMIT = 50;

/** One page of a collection by key (section E): the items and where the next page starts ('' at the end). */
export type Page<T> = { items: T[]; nextCursor: string };

/** The documents matching every clause, by key from after the cursor: one more than the limit tells whether a next page exists. */
async function pageByKey<D extends { _id: string }>(documents: DocumentStore, collection: string, conditions: Filter[], cursor: string | undefined, limit: number): Promise<{ found: D[]; nextCursor: string }> {
  const clauses = [...conditions, ...(cursor ? [{ _id: { $gt: cursor } }] : [])].filter((clause) => Object.keys(clause).length > 0);
  const found = await documents.collection<D>(collection).find(clauses.length ? { $and: clauses } : {}, { sort: { _id: 1 }, limit: limit + 1 });
  const more = found.length > limit;
  const page = found.slice(0, limit);
  return { found: page, nextCursor: more ? page[page.length - 1]._id : '' };
}

/** The powers the client sees, by code, without anyone's data (GET /api/v1/representation/authorizations). */
export async function listAuthorizations(
  documents: DocumentStore,
  client: ClientDefinition,
  query: { cursor?: string; limit?: number; status?: AuthorizationStatus; authorizationTypeCode?: string },
  now: string,
): Promise<Page<ReturnType<typeof authorizationSummary>>> {
  const clauses: Filter[] = [scopeFilter(client)];
  if (query.status) clauses.push(statusCondition(query.status, now));
  if (query.authorizationTypeCode) clauses.push({ 'authorizationType.code': query.authorizationTypeCode });
  const { found, nextCursor } = await pageByKey<AuthorizationDocument>(documents, AUTHORIZATIONS, clauses, query.cursor, query.limit ?? DEFAULT_LIMIT);
  return { items: found.map((document) => authorizationSummary(stateOf(document), now)), nextCursor };
}

/** The authorization types the client sees: its service provider's, or all with view-all. */
export async function listAuthorizationTypes(documents: DocumentStore, client: ClientDefinition, query: { cursor?: string; limit?: number }): Promise<Page<AuthorizationTypeDocument>> {
  const { found, nextCursor } = await pageByKey<AuthorizationTypeDocument>(documents, AUTHORIZATION_TYPES, [scopeFilter(client, 'serviceProviderIdno')], query.cursor, query.limit ?? DEFAULT_LIMIT);
  return { items: found, nextCursor };
}
