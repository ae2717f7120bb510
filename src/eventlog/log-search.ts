import type { DocumentStore, Filter } from '../platform/document-store/document-store';
import { badRequest } from '../platform/errors';
import { LOG_ENTRIES, type LogEntryDocument } from '../../projections/eventlog/log-entries-projection';
import { parseEventTime } from './event-time';

export const MAX_RESULT_WINDOW = 10_000;
const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)*$/;

export type TimeRange = { from: string; to: string };
export type SearchPage = { page: number; pageSize: number };

/** The response items: the registered fields plus the service's own, under the reserved @ names. */
export function toResultItem(document: LogEntryDocument) {
  return { '@uid': document.uid, '@registered': document.registeredAt, '@signed': document.signed, ...document.fields };
}

export async function findRegistration(documents: DocumentStore, owner: string, uid: string): Promise<LogEntryDocument[]> {
  // by UID alone: with the owner too, SQLite's planner picks the (owner, eventTime) index and scans
  const entries = await documents.collection<LogEntryDocument>(LOG_ENTRIES).find({ uid });
  return entries.filter((entry) => entry.owner === owner).sort((a, b) => Number(a._id.split(':')[1]) - Number(b._id.split(':')[1]));
}

export async function searchTimeRange(documents: DocumentStore, owner: string, range: TimeRange, filter: [string, string][], page: SearchPage) {
  const conditions: Filter[] = [{ owner }, { eventTime: { $gte: range.from, $lt: range.to } }];
  for (const [name, value] of filter) {
    const path = `fields.${name}`;
    // a multi-valued field matches when any of its values does (equality alone matches scalars only)
    conditions.push({ $or: [{ [path]: value }, { [path]: { $elemMatch: { $eq: value } } }] });
  }
  const collection = documents.collection<LogEntryDocument>(LOG_ENTRIES);
  const query = { $and: conditions };
  const total = await collection.count(query);
  const entries = await collection.find(query, { sort: { eventTime: 1 }, skip: page.page * page.pageSize, limit: page.pageSize });
  return { total, entries };
}

export function parseTimeRange(fromText: string, toText: string, names = { from: 'event_time_from', to: 'event_time_to' }): TimeRange {
  const from = parseEventTime(fromText);
  const to = parseEventTime(toText);
  const errors: Record<string, string[]> = {};
  if (!from) errors[names.from] = ['must follow the event_time syntax YYYY-MM-dd[THH:mm:ss[.SSS][Z|+-HH[mm]]]'];
  if (!to) errors[names.to] = ['must follow the event_time syntax YYYY-MM-dd[THH:mm:ss[.SSS][Z|+-HH[mm]]]'];
  if (from && to && from >= to) errors[names.to] = [`must be later than ${names.from} (the end is exclusive)`];
  if (Object.keys(errors).length > 0) throw badRequest('invalid time range', errors);
  return { from: from!, to: to! };
}

/** filter=field1=value1,field2=value2 on registered field names (dotted names reach nested objects). */
export function parseFilter(text: string | undefined): [string, string][] {
  if (text === undefined || text === '') return [];
  return text.split(',').map((pair) => {
    const separator = pair.indexOf('=');
    const name = separator > 0 ? pair.slice(0, separator).trim() : '';
    if (!FIELD_NAME.test(name)) {
      throw badRequest(`filter must be field1=value1,field2=value2 with field names of letters, digits, _ and dots; "${pair}" is not`, { filter: ['is malformed'] });
    }
    return [name, pair.slice(separator + 1)];
  });
}

export function parsePage(pageText: string | undefined, pageSizeText: string | undefined): SearchPage {
  const page = pageText === undefined ? 0 : Number(pageText);
  const pageSize = pageSizeText === undefined ? 50 : Number(pageSizeText);
  if (page * pageSize > MAX_RESULT_WINDOW || pageSize > MAX_RESULT_WINDOW) {
    throw badRequest(`page * page_size must be at most ${MAX_RESULT_WINDOW} (and page_size at most ${MAX_RESULT_WINDOW})`, { page: ['too far'], page_size: ['too large'] });
  }
  return { page, pageSize };
}
