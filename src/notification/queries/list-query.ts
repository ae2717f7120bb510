import type { FindOptions, SortSpec } from '../../platform/document-store/document-store';
import { badRequest } from '../../platform/errors';

/** Paging of the two list endpoints (seed: Page, ItemsPerPage, OrderField "CreatedAt desc", SearchBy). */
export type ListQuery = { Page?: string; ItemsPerPage?: string; OrderField?: string; SearchBy?: string };

export const DEFAULT_ITEMS_PER_PAGE = 20;
export const MAX_ITEMS_PER_PAGE = 100;

/** Maps the property names a client may order by (any letter case) to the read model's fields. */
export function listOptions(query: ListQuery, orderable: Record<string, string>): FindOptions {
  const page = Number(query.Page ?? 1);
  const size = Number(query.ItemsPerPage ?? DEFAULT_ITEMS_PER_PAGE);
  if (size > MAX_ITEMS_PER_PAGE) throw badRequest(`ItemsPerPage must be at most ${MAX_ITEMS_PER_PAGE}`, { ItemsPerPage: [`at most ${MAX_ITEMS_PER_PAGE}`] });
  const [name, direction = 'asc'] = (query.OrderField ?? 'Id').trim().split(/\s+/);
  const field = Object.entries(orderable).find(([candidate]) => candidate.toLowerCase() === name.toLowerCase())?.[1];
  if (!field) throw badRequest(`OrderField must name one of ${Object.keys(orderable).join(', ')}`, { OrderField: ['is not a property of the list items'] });
  const sort: SortSpec = { [field]: direction.toLowerCase() === 'desc' ? -1 : 1 };
  return { sort, skip: (page - 1) * size, limit: size };
}
