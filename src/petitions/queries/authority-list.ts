import type { DocumentSession, Filter, SortSpec } from '../../platform/document-store/document-store';
import { RequestValidationError } from '../../platform/http/request-validation';
import { PetitionsAccessDeniedError, type AuthorityCaller } from '../handlers/caller';
import { statusNamed, STATUS_NAMES, type PetitionStatus } from '../petition/status';
import { petitionsOf, type PetitionDocument } from './petition-views';

export type AuthorityListQuery = {
  page: number;
  pageSize: number;
  excludeRegistered?: boolean;
  statuses: PetitionStatus[];
  overdue?: boolean;
  dueFrom?: string;
  dueTo?: string;
  authorityIdno?: string;
  sort: 'filedAt' | '-filedAt' | 'dueDate' | '-dueDate';
};

/** The repeatable `status` parameter (`status=InProgress&status=4`), each a FodStatusEnumModel name or number. */
export function statusesOf(raw: unknown): PetitionStatus[] {
  if (raw === undefined) return [];
  const values = Array.isArray(raw) ? raw : [raw];
  const refused = () => new RequestValidationError([{ path: ['status'], key: 'enum', params: { values: STATUS_NAMES.join(', ') }, message: `must be one of ${STATUS_NAMES.join(', ')} or their numbers 1 to 6` }]);
  if (values.length > 12) throw refused();
  return [
    ...new Set(
      values.map((value) => {
        const status = typeof value === 'string' ? statusNamed(value) : undefined;
        if (!status) throw refused();
        return status;
      }),
    ),
  ];
}

/** Which petitions the authority's list holds, on `today`: own-authority sees only its own. */
export function authorityListFilter(query: AuthorityListQuery, caller: AuthorityCaller, today: string): Filter {
  const filter: Filter = {};
  if (caller.scope === 'own-authority') {
    if (query.authorityIdno !== undefined && query.authorityIdno !== caller.idno) throw new PetitionsAccessDeniedError(`scope own-authority lists only the petitions addressed to ${caller.idno}`);
    filter.authorityIdno = caller.idno;
  } else if (query.authorityIdno !== undefined) filter.authorityIdno = query.authorityIdno;
  if (query.statuses.length > 0) filter.status = { $in: query.statuses };
  if (query.excludeRegistered) filter.registered = false;
  const due: Record<string, string> = {};
  if (query.dueFrom !== undefined) due.$gte = query.dueFrom;
  if (query.dueTo !== undefined) due.$lte = query.dueTo;
  if (query.overdue === true) due.$lt = today;
  if (Object.keys(due).length > 0) filter.dueDate = due;
  if (query.overdue === false) filter.$or = [{ dueDate: null }, { dueDate: { $gte: today } }];
  return filter;
}

export function authorityListSort(sort: AuthorityListQuery['sort']): SortSpec {
  const direction = sort.startsWith('-') ? -1 : 1;
  // filings of one instant in the order they reached the log
  return sort.endsWith('dueDate') ? { dueSort: direction, filedPosition: direction } : { filedAt: direction, filedPosition: direction };
}

/** One page of the authority's list and the number of petitions the filter holds. */
export async function listForAuthority(documents: DocumentSession, query: AuthorityListQuery, caller: AuthorityCaller, today: string): Promise<{ items: PetitionDocument[]; totalCount: number }> {
  const filter = authorityListFilter(query, caller, today);
  const petitions = petitionsOf(documents);
  const [items, totalCount] = await Promise.all([
    petitions.find(filter, { sort: authorityListSort(query.sort), skip: (query.page - 1) * query.pageSize, limit: query.pageSize }),
    petitions.count(filter),
  ]);
  return { items, totalCount };
}
