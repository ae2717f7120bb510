import { addDays, instantAt } from '../../platform/time/zoned-time';
import { COUNTRY_TIME_ZONE } from '../../platform/time/work-calendar';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The instants a request's fromDate and toDate name (both inclusive). A date-time (RFC 3339, with Z or an
 * offset) is that instant; a date is a whole local day in the country's time zone: fromDate its first
 * instant, toDate its last, as MPower's own answers show (`"toDate": "2021-03-22T21:59:59.999"`, the end of
 * 22 March in Chișinău). The schema has already checked the form.
 */
export function validityPeriod(fromDate: string, toDate: string): { fromDate: string; toDate: string } {
  return {
    fromDate: DATE.test(fromDate) ? instantAt(fromDate, 0, COUNTRY_TIME_ZONE).toISOString() : new Date(fromDate).toISOString(),
    toDate: DATE.test(toDate) ? new Date(instantAt(addDays(toDate, 1), 0, COUNTRY_TIME_ZONE).getTime() - 1).toISOString() : new Date(toDate).toISOString(),
  };
}
