import type { DocumentStore, Filter } from '../../platform/document-store/document-store';
import type { ClientDefinition } from '../../platform/identity/client-registry';
import { AUTHORIZATIONS, stateOf, type AuthorizationDocument } from '../../../projections/representation/authorizations';
import { AuthorizationNotFoundError } from '../authorization/decider';
import type { AuthorizationState } from '../authorization/state';
import { statusAt, type AuthorizationStatus } from '../authorization/status';
import { inScope, OutOfScopeError, scopeFilter } from './scope';

/** Powers per page of Idn-Details-List (the seed leaves the size open: docs/decisions.md). */
export const LIST_PAGE_SIZE = 20;

/** AuthorizationListQuery, its dates already instants. */
export type IdnListFilter = {
  idnx: string;
  status?: AuthorizationStatus;
  authorizationTypeCode?: string;
  startDate?: string;
  endDate?: string;
  grantedByIdn?: string;
  grantedToIdn?: string;
  /** the seed's ItemsPerPage: the page number, from 1 */
  page: number;
};

/**
 * Powers granted or received by an IDN, in the client's scope, newest first, one page of them. The status
 * filter is the status at `now`, said as a condition on the recorded state and the clock (status.ts), so
 * that the read model pages by it.
 */
export async function searchByIdn(documents: DocumentStore, filter: IdnListFilter, client: ClientDefinition, now: string): Promise<AuthorizationState[]> {
  const clauses: Filter[] = [{ $or: [{ 'authorizing.idn': filter.idnx }, { 'authorized.idn': filter.idnx }] }, scopeFilter(client)];
  if (filter.status) clauses.push(statusCondition(filter.status, now));
  if (filter.authorizationTypeCode) clauses.push({ 'authorizationType.code': filter.authorizationTypeCode });
  if (filter.startDate) clauses.push({ fromDate: { $gte: filter.startDate } });
  if (filter.endDate) clauses.push({ toDate: { $lte: filter.endDate } });
  if (filter.grantedByIdn) clauses.push({ 'authorizing.idn': filter.grantedByIdn });
  if (filter.grantedToIdn) clauses.push({ 'authorized.idn': filter.grantedToIdn });
  const found = await documents
    .collection<AuthorizationDocument>(AUTHORIZATIONS)
    .find({ $and: clauses.filter((clause) => Object.keys(clause).length > 0) }, { sort: { createdAt: -1, _id: 1 }, skip: (filter.page - 1) * LIST_PAGE_SIZE, limit: LIST_PAGE_SIZE });
  return found.map(stateOf);
}

/** The read-model condition for "has this status at `now`" (the same rule as statusAt). */
export function statusCondition(status: AuthorizationStatus, now: string): Filter {
  const current = { toDate: { $gte: now } };
  switch (status) {
    case 'Draft':
      return { $and: [{ phase: 'Draft' }, current] };
    case 'PendingAcceptance':
      return { $and: [{ phase: 'AwaitingAcceptance' }, current] };
    case 'Pending':
      return { $and: [{ phase: 'Active' }, { validFrom: { $gt: now } }, current] };
    case 'Valid':
      return { $and: [{ phase: 'Active' }, { validFrom: { $lte: now } }, current] };
    case 'Suspended':
      return { $and: [{ phase: 'Suspended' }, current] };
    case 'Canceled':
      return { $or: [{ phase: 'Ended' }, { toDate: { $lt: now } }] };
    default: {
      const unexpected: never = status;
      return unexpected;
    }
  }
}

/**
 * TypeCode-Valid-One: the power of this type from the represented party to the representative that is
 * valid now (the one valid longest, if several), else the latest created one, invalid. 404 when the two
 * have none of the type; 403 when the client sees none of those they have.
 */
export async function findByTypeAndParties(
  documents: DocumentStore,
  query: { authorizationTypeCode: string; authorizingIdn: string; authorizedIdn: string },
  client: ClientDefinition,
  now: string,
): Promise<{ state: AuthorizationState; isValid: boolean }> {
  const found = (
    await documents
      .collection<AuthorizationDocument>(AUTHORIZATIONS)
      .find({ 'authorized.idn': query.authorizedIdn, 'authorizing.idn': query.authorizingIdn, 'authorizationType.code': query.authorizationTypeCode })
  ).map(stateOf);
  const description = `no power of representation of type ${query.authorizationTypeCode} is granted by the represented party to the representative`;
  if (found.length === 0) throw new AuthorizationNotFoundError(query.authorizationTypeCode, description);
  const visible = found.filter((state) => inScope(client, state.authorizationType.serviceProviderIdno));
  if (visible.length === 0) throw new OutOfScopeError(`every power of representation of type ${query.authorizationTypeCode} between these parties`);
  const valid = visible.filter((state) => statusAt(state, now) === 'Valid').sort((a, b) => (a.toDate < b.toDate ? 1 : -1));
  if (valid.length > 0) return { state: valid[0], isValid: true };
  const latest = [...visible].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0))[0];
  return { state: latest, isValid: false };
}
