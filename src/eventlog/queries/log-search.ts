import type { DocumentStore, Filter } from '../../platform/document-store/document-store';
import { badRequest } from '../../platform/errors';
import { LOG_ENTRIES, type LogEntryDocument } from '../../../projections/eventlog/log-entries';
import { readEventTime } from '../registration/event-time';
import { isSearchableName, MAX_SEARCHABLE_NAME_LENGTH } from '../registration/log-event-rules';

export const MAX_RESULT_WINDOW = 10_000;
/** Each pair is one more AND in the SQL; SQLite refuses expressions nested 1000 deep, and no real search needs this many. */
export const MAX_FILTER_PAIRS = 100;

export type TimeRange = { from: string; to: string };
/** A range open on the side whose end is not given. */
export type OpenTimeRange = Partial<TimeRange>;
export type SearchPage = { page: number; pageSize: number };

/** The response items: the registered fields plus the service's own, under the reserved @ names. */
export function toResultItem(document: LogEntryDocument) {
  return { '@uid': document.uid, '@registered': document.registeredAt, '@signed': document.signed, ...document.fields };
}

/** owner: the client that registered it; undefined, any client (an auditor's search) */
export async function findRegistration(documents: DocumentStore, owner: string | undefined, uid: string): Promise<LogEntryDocument[]> {
  // by UID alone: with the owner too, SQLite's planner picks the (owner, eventTime) index and scans
  const entries = await documents.collection<LogEntryDocument>(LOG_ENTRIES).find({ uid });
  return entries.filter((entry) => owner === undefined || entry.owner === owner).sort((a, b) => a.entry - b.entry);
}

/**
 * Events at one time come in the order they were registered: by log position, then by place in their
 * registration. A registration made later at the same time is appended later, so it comes after the
 * ones a page has already shown (the UID in `_id` is random, and ordered a batch's tenth event second).
 */
const IN_TIME_THEN_REGISTRATION_ORDER = { eventTime: 1, position: 1, entry: 1 } as const;

/** owner undefined: every client's events (an auditor's search, without the owner's index) */
export async function searchTimeRange(documents: DocumentStore, owner: string | undefined, range: TimeRange, filter: [string, string][], page: SearchPage) {
  const conditions: Filter[] = [...(owner === undefined ? [] : [{ owner }]), { eventTime: { $gte: range.from, $lt: range.to } }];
  // a multi-valued field matches when any of its values does
  for (const [name, value] of filter) conditions.push({ terms: { $elemMatch: { $eq: `${name}=${value}` } } });
  const collection = documents.collection<LogEntryDocument>(LOG_ENTRIES);
  const query = { $and: conditions };
  const total = await collection.count(query);
  const entries = await collection.find(query, { sort: IN_TIME_THEN_REGISTRATION_ORDER, skip: page.page * page.pageSize, limit: page.pageSize });
  return { total, entries };
}

export function parseTimeRange(fromText: string, toText: string, names = { from: 'event_time_from', to: 'event_time_to' }): TimeRange {
  return parseOpenTimeRange(fromText, toText, names) as TimeRange;
}

/** Each end given follows the event_time rules, and the end must be later than the start. */
export function parseOpenTimeRange(fromText: string | undefined, toText: string | undefined, names: { from: string; to: string }): OpenTimeRange {
  const errors: Record<string, string[]> = {};
  const instantOf = (text: string | undefined, name: string) => {
    if (text === undefined) return undefined;
    const reading = readEventTime(text);
    if ('instant' in reading) return reading.instant;
    errors[name] = [reading.problem];
    return undefined;
  };
  const from = instantOf(fromText, names.from);
  const to = instantOf(toText, names.to);
  if (from && to && from >= to) errors[names.to] = [`must be later than ${names.from} (the end is exclusive)`];
  if (Object.keys(errors).length > 0) throw badRequest('invalid time range', errors);
  return { from, to };
}

/** filter=field1=value1,field2=value2 on registered field names (dotted names reach nested objects). */
export function parseFilter(text: string | undefined): [string, string][] {
  if (text === undefined || text === '') return [];
  const pairs = text.split(',');
  if (pairs.length > MAX_FILTER_PAIRS) {
    throw badRequest(`filter may hold at most ${MAX_FILTER_PAIRS} field=value pairs; this one holds ${pairs.length}`, { filter: [`at most ${MAX_FILTER_PAIRS} pairs`] });
  }
  return pairs.map((pair) => {
    const separator = pair.indexOf('=');
    const name = separator > 0 ? pair.slice(0, separator).trim() : '';
    if (!isSearchableName(name)) {
      throw badRequest(`filter must be field1=value1,field2=value2 with field names of letters, digits, _ and dots (at most ${MAX_SEARCHABLE_NAME_LENGTH} characters); "${pair}" is not`, { filter: ['is malformed'] });
    }
    return [name, pair.slice(separator + 1)];
  });
}

export function parsePage(pageText: string | undefined, pageSizeText: string | undefined): SearchPage {
  const page = pageText === undefined ? 0 : Number(pageText);
  const pageSize = pageSizeText === undefined ? 50 : Number(pageSizeText);
  if (pageSize > MAX_RESULT_WINDOW) throw badRequest(`page_size must be at most ${MAX_RESULT_WINDOW}`, { page_size: ['too large'] });
  if (page * pageSize > MAX_RESULT_WINDOW) {
    throw badRequest(`page * page_size must be at most ${MAX_RESULT_WINDOW}: results beyond the first ${MAX_RESULT_WINDOW} are not paged to`, { page: ['too far for this page_size'] });
  }
  return { page, pageSize };
}
