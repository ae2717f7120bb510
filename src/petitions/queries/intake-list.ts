import type { DocumentSession, Filter } from '../../platform/document-store/document-store';
import { petitionsOf, type PetitionDocument } from './petition-views';

/**
 * The petitions a client filed through the intake, newest first, in pages after section E: `cursor` is the
 * previous page's nextCursor (the log position of its last filing), empty when no more follow.
 */
export async function listFiledBy(documents: DocumentSession, clientId: string, page: { cursor?: string; limit: number }): Promise<{ items: PetitionDocument[]; nextCursor: string }> {
  const filter: Filter = { filedBy: clientId };
  if (page.cursor !== undefined) filter.filedPosition = { $lt: Number(page.cursor) };
  const found = await petitionsOf(documents).find(filter, { sort: { filedPosition: -1 }, limit: page.limit + 1 });
  const items = found.slice(0, page.limit);
  return { items, nextCursor: found.length > page.limit ? String(items[items.length - 1].filedPosition) : '' };
}
