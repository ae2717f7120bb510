import type { DocumentStore, Filter } from '../platform/document-store/document-store';
import { PERSONAL_DATA_ACCESSES, type PersonalDataAccessDocument } from '../../projections/eventlog/personal-data-projection';
import type { OpenTimeRange } from './log-search';

export type PersonalDataAccessPage = { items: Record<string, unknown>[]; nextCursor: string; totalCount: number };

/** Every logged access to one data subject's personal data, by any system, oldest first. */
export async function searchPersonalDataAccesses(
  documents: DocumentStore,
  subject: string,
  range: OpenTimeRange,
  offset: number,
  limit: number,
): Promise<PersonalDataAccessPage> {
  const filter: Filter = { subject, ...eventTimeWithin(range) };
  const collection = documents.collection<PersonalDataAccessDocument>(PERSONAL_DATA_ACCESSES);
  const totalCount = await collection.count(filter);
  const found = await collection.find(filter, { sort: { eventTime: 1 }, skip: offset, limit });
  return {
    items: found.map((document) => ({ '@uid': document.uid, '@loggedBy': document.owner, ...document.fields })),
    nextCursor: offset + found.length < totalCount ? String(offset + found.length) : '',
    totalCount,
  };
}

function eventTimeWithin(range: OpenTimeRange): Filter {
  const bounds = { ...(range.from !== undefined && { $gte: range.from }), ...(range.to !== undefined && { $lt: range.to }) };
  return Object.keys(bounds).length > 0 ? { eventTime: bounds } : {};
}
