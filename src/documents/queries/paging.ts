import type { Response } from 'express';
import type { SortSpec } from '../../platform/document-store/document-store';
import { InvalidInputError } from '../invalid-input';

/** The guide's paging: page from 1, itemsPerPage (default 20, at most 100). */
export type Paging = { page: number; itemsPerPage: number };
export const DEFAULT_ITEMS_PER_PAGE = 20;
export const MAX_ITEMS_PER_PAGE = 100;

export const pagingOf = (query: { page?: number; itemsPerPage?: number }): Paging => ({ page: query.page ?? 1, itemsPerPage: query.itemsPerPage ?? DEFAULT_ITEMS_PER_PAGE });

export const skipOf = (paging: Paging) => (paging.page - 1) * paging.itemsPerPage;

/** A page of a list in memory. */
export const pageOf = <T>(items: T[], paging: Paging): T[] => items.slice(skipOf(paging), skipOf(paging) + paging.itemsPerPage);

/** The official client reads a list's paging from this header (its members in any case), the items from the body, a bare array. */
export function setPagination(response: Response, paging: Paging, totalCount: number): void {
  response.setHeader('X-Pagination', JSON.stringify({ TotalCount: totalCount, PageSize: paging.itemsPerPage, CurrentPage: paging.page, TotalPages: Math.ceil(totalCount / paging.itemsPerPage) }));
}

/** orderField: a field of the list's items, ascending; descending with a leading '-' or a trailing ' desc'. */
const ORDER_FIELDS: Record<string, string> = {
  name: 'nameKey',
  number: 'number',
  createdon: 'createdOn',
  modifiedon: 'modifiedOn',
  expireson: 'expiresOn',
  size: 'size',
  type: 'type',
  deletedon: 'deletedOn',
  sharedon: 'sharedOn',
};

export function orderOf(orderField: string | undefined, fallback: SortSpec): SortSpec {
  if (!orderField) return fallback;
  const match = /^(-)?\s*([A-Za-z]+)(?:\s+(asc|desc))?$/i.exec(orderField.trim());
  // own members only: `constructor` (a member of every object) is no field to order by
  const field = match && Object.hasOwn(ORDER_FIELDS, match[2].toLowerCase()) ? ORDER_FIELDS[match[2].toLowerCase()] : undefined;
  if (!match || !field) throw new InvalidInputError('orderField', `must be one of name, number, createdOn, modifiedOn, expiresOn, size, type (descending: -name or "name desc")`);
  const direction = match[1] || match[3]?.toLowerCase() === 'desc' ? -1 : 1;
  return { [field]: direction, _id: 1 };
}

/** Sorts items in memory as a SortSpec would (for lists joined in memory). */
export function sortInMemory<T>(items: T[], spec: SortSpec, valueOf: (item: T, field: string) => unknown): T[] {
  const fields = Object.entries(spec);
  return [...items].sort((a, b) => {
    for (const [field, direction] of fields) {
      const [x, y] = [valueOf(a, field), valueOf(b, field)];
      if (x === y) continue;
      if (x === null || x === undefined) return -direction;
      if (y === null || y === undefined) return direction;
      return (x < y ? -1 : 1) * direction;
    }
    return 0;
  });
}
