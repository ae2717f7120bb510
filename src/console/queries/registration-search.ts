import { findRegistration, parseFilter, parseTimeRange, searchTimeRange, toResultItem } from '../../eventlog/queries/log-search';
import { subjectValuesOf } from '../../eventlog/registration/log-event-rules';
import type { LogEntryDocument } from '../../../projections/eventlog/log-entries';
import type { DocumentStore } from '../../platform/document-store/document-store';

export type RegistrationSearch = {
  legalBasis: string;
  uid?: string;
  eventTimeFrom?: string;
  eventTimeTo?: string;
  filter?: string;
  owner?: string;
  page?: number;
  pageSize?: number;
};

/**
 * The event log's registrations of every client (or of one `owner`), by UID or by time range, as the
 * event log's own searches find a client's own: the console's auditors search them all.
 */
export async function searchRegistrations(documents: DocumentStore, search: RegistrationSearch) {
  if (search.uid !== undefined) {
    const entries = await findRegistration(documents, search.owner, search.uid);
    return { entries, totalCount: entries.length, asked: { uid: search.uid } };
  }
  const range = parseTimeRange(search.eventTimeFrom!, search.eventTimeTo!, { from: 'eventTimeFrom', to: 'eventTimeTo' });
  const page = { page: search.page ?? 0, pageSize: search.pageSize ?? 50 };
  const { total, entries } = await searchTimeRange(documents, search.owner, range, parseFilter(search.filter), page);
  return { entries, totalCount: total, asked: { from: search.eventTimeFrom, to: search.eventTimeTo, filter: search.filter, owner: search.owner, page: page.page, page_size: page.pageSize } };
}

/** A found registration as the console lists it: the event log's answer, and which client registered it. */
export function registrationItem(entry: LogEntryDocument) {
  return { '@owner': entry.owner, ...toResultItem(entry) };
}

/** The data subjects the found registrations name: their reader read those persons' data. */
export function subjectsOfEntries(entries: LogEntryDocument[]): string[] {
  return [...new Set(entries.flatMap((entry) => subjectValuesOf(entry.fields.subject).filter((value): value is string => typeof value === 'string' && value !== '')))];
}
