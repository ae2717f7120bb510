import type { DocumentStore, Filter } from '../../platform/document-store/document-store';
import { badRequest } from '../../platform/errors';
import { PERSONAL_DATA_ACCESSES, type PersonalDataAccessDocument } from '../../../projections/eventlog/personal-data-accesses';
import { subjectKeyOf, subjectValuesOf } from '../registration/log-event-rules';
import type { OpenTimeRange } from './log-search';

export type PersonalDataAccessPage = { items: Record<string, unknown>[]; nextCursor: string; totalCount: number };

/** Which page: how many matches to skip, among the accesses registered up to a log position. */
export type AccessPagePlace = { offset: number; upTo: number };

/**
 * Every logged access to one data subject's personal data, by any system, oldest first (by event time,
 * then in registration order), among those registered up to `place.upTo`.
 */
export async function searchPersonalDataAccesses(
  documents: DocumentStore,
  subject: string,
  range: OpenTimeRange,
  place: AccessPagePlace,
  limit: number,
): Promise<PersonalDataAccessPage> {
  const filter: Filter = { subject, position: { $lte: place.upTo }, ...eventTimeWithin(range) };
  const collection = documents.collection<PersonalDataAccessDocument>(PERSONAL_DATA_ACCESSES);
  const totalCount = await collection.count(filter);
  const found = await collection.find(filter, { sort: { eventTime: 1, position: 1, entry: 1 }, skip: place.offset, limit });
  const next = place.offset + found.length;
  return {
    items: found.map((document) => ({ '@uid': document.uid, '@loggedBy': document.owner, ...accessAsSeenBy(document.subject, document.fields) })),
    nextCursor: next < totalCount ? toAccessCursor({ offset: next, upTo: place.upTo }) : '',
    totalCount,
  };
}

/**
 * The cursor carries the snapshot as well as the offset: `<offset>-<log position>`. The first page fixes
 * the position (the log's head when it was asked) and every later page counts only accesses registered
 * up to it. With the offset alone, each page's own logged search (an access about the subject, at the
 * time of the search) joined the results, and a caller following nextCursor never reached the end.
 */
export const toAccessCursor = (place: AccessPagePlace): string => `${place.offset}-${place.upTo}`;

/** A cursor from nextCursor; a bare offset (given before cursors named the snapshot) has none yet. */
export function readAccessCursor(cursor: string | undefined): { offset: number; upTo?: number } {
  if (cursor === undefined) return { offset: 0 };
  const match = /^([0-9]{1,9})(?:-([0-9]{1,15}))?$/.exec(cursor);
  if (!match) throw badRequest('cursor must be a value returned as nextCursor', { cursor: ['is invalid'] });
  return { offset: Number(match[1]), ...(match[2] !== undefined && { upTo: Number(match[2]) }) };
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
