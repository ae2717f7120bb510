import type { DocumentSession, Filter } from '../../platform/document-store/document-store';
import { statusNamed, type PetitionStatus } from '../petition/status';
import { petitionsOf, type PetitionDocument } from './petition-views';

/** PetitionsRequest as validated (contextId already matched to the caller's owner context). */
export type PetitionsRequest = { page: number; pageSize: number; filterStatuses?: (string | number)[] | null; excludeRegistered?: boolean | null; contextId: string };

/** The requestor's own petitions, newest first, without those they withdrew or hid. */
export async function listForRequestor(documents: DocumentSession, request: PetitionsRequest): Promise<{ items: PetitionDocument[]; totalCount: number }> {
  const filter: Filter = { requestorIdn: request.contextId, deletedByRequestor: false };
  const statuses = [...new Set((request.filterStatuses ?? []).map((value) => statusNamed(value) as PetitionStatus))];
  if (statuses.length > 0) filter.status = { $in: statuses };
  if (request.excludeRegistered) filter.registered = false;
  const petitions = petitionsOf(documents);
  const [items, totalCount] = await Promise.all([
    petitions.find(filter, { sort: { filedAt: -1 }, skip: (request.page - 1) * request.pageSize, limit: request.pageSize }),
    petitions.count(filter),
  ]);
  return { items, totalCount };
}
