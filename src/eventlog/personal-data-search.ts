import type { DocumentStore, Filter } from '../platform/document-store/document-store';
import { PERSONAL_DATA_ACCESSES, type PersonalDataAccessDocument } from '../../projections/eventlog/personal-data-projection';
import { subjectKeyOf, subjectValuesOf } from './log-event-rules';
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
    items: found.map((document) => ({ '@uid': document.uid, '@loggedBy': document.owner, ...accessAsSeenBy(document.subject, document.fields) })),
    nextCursor: offset + found.length < totalCount ? String(offset + found.length) : '',
    totalCount,
  };
}

/**
 * One access as its data subject may see it. An event about several persons (a batch search, an
 * auditor's page) is found under each of them, and must not tell one who the others are: `subject`
 * names only the one searched for, and `subject_name` stays only where it is theirs, a list parallel to
 * the subjects (a single name, or a list of another length, cannot be told whose it is). An event about
 * that person alone is shown as it was logged.
 */
export function accessAsSeenBy(subject: string, fields: Record<string, unknown>): Record<string, unknown> {
  const subjects = subjectValuesOf(fields.subject);
  if (subjects.every((value) => subjectKeyOf(value) === subject)) return fields;
  const own = subjects.findIndex((value) => subjectKeyOf(value) === subject);
  const names = fields.subject_name;
  const ownName = Array.isArray(names) && names.length === subjects.length && own !== -1 ? names[own] : undefined;
  return Object.fromEntries(
    Object.entries(fields).flatMap(([name, value]): [string, unknown][] => {
      if (name === 'subject') return [[name, own === -1 ? subject : subjects[own]]];
      if (name === 'subject_name') return ownName === undefined ? [] : [[name, ownName]];
      return [[name, value]];
    }),
  );
}

function eventTimeWithin(range: OpenTimeRange): Filter {
  const bounds = { ...(range.from !== undefined && { $gte: range.from }), ...(range.to !== undefined && { $lt: range.to }) };
  return Object.keys(bounds).length > 0 ? { eventTime: bounds } : {};
}
