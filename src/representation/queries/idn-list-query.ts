import { RequestValidationError, type FieldError } from '../../platform/http/request-validation';
import { AUTHORIZATION_STATUSES, type AuthorizationStatus } from '../authorization/status';
import type { IdnListFilter } from './authorization-search';

/** AuthorizationListQuery as the schema (idn-details-list.query.json) admits it, the seed's names. */
export type IdnListQuery = {
  IDNx: string;
  Status?: number;
  AuthorizationTypeCode?: string;
  StartDate?: string;
  AuthEndDateorizationTypeCode?: string;
  GrantedByIdn?: string;
  GrantedToIdn?: string;
  ItemsPerPage?: number;
};

const STATUS_BY_NUMBER = Object.fromEntries(Object.entries(AUTHORIZATION_STATUSES).map(([name, number]) => [number, name])) as Record<number, AuthorizationStatus>;

/**
 * The seed's rules between members: GrantedByIdn differs from GrantedToIdn, StartDate is not later than
 * the end filter (AuthEndDateorizationTypeCode), dates are real; ItemsPerPage picks the page (zero or
 * negative: the first). Dates without a zone are UTC, as the seed says.
 */
export function readIdnListQuery(query: IdnListQuery): IdnListFilter {
  const problems: FieldError[] = [];
  const startDate = query.StartDate === undefined ? undefined : utcInstant(query.StartDate, 'StartDate', problems);
  const endDate = query.AuthEndDateorizationTypeCode === undefined ? undefined : utcInstant(query.AuthEndDateorizationTypeCode, 'AuthEndDateorizationTypeCode', problems);
  if (startDate && endDate && startDate > endDate) {
    problems.push({ path: ['StartDate'], key: 'startAfterEnd', message: 'must not be later than AuthEndDateorizationTypeCode (the end date)' });
  }
  if (query.GrantedByIdn !== undefined && query.GrantedByIdn === query.GrantedToIdn) {
    problems.push({ path: ['GrantedToIdn'], key: 'sameParty', message: 'must differ from GrantedByIdn' });
  }
  if (problems.length > 0) throw new RequestValidationError(problems);
  return {
    idnx: query.IDNx,
    status: query.Status === undefined ? undefined : STATUS_BY_NUMBER[query.Status],
    authorizationTypeCode: query.AuthorizationTypeCode,
    startDate,
    endDate,
    grantedByIdn: query.GrantedByIdn,
    grantedToIdn: query.GrantedToIdn,
    page: Math.max(1, query.ItemsPerPage ?? 1),
  };
}

/** The instant a date or date-time names (UTC when it carries no zone), or a problem when the calendar has no such day. */
function utcInstant(text: string, field: string, problems: FieldError[]): string | undefined {
  const zoned = /T/.test(text) && !/(Z|[+-]\d\d:\d\d)$/.test(text) ? `${text}Z` : text;
  const date = new Date(zoned.replace(/(\.\d{3})\d+/, '$1'));
  const [year, month, day] = text.slice(0, 10).split('-').map(Number);
  const written = new Date(Date.UTC(2000, month - 1, day));
  if (Number.isNaN(date.getTime()) || written.getUTCMonth() !== month - 1 || year < 1) {
    problems.push({ path: [field], key: 'calendarDate', message: 'is not a date the calendar has' });
    return undefined;
  }
  return date.toISOString();
}
