import type { Filter } from '../../platform/document-store/document-store';
import { APPOINTMENTS, type AppointmentDocument } from '../../../projections/booking/appointments';
import type { BookingContext } from '../handlers/booking-context';
import { canonicalUuid } from '../../platform/http/request-validation';
import { pageWindow, type PageRequest } from './pagination';

/**
 * Appointment searches. A client of one organization sees only that organization's appointments
 * (scope.organizationIdno); a platform-wide client has scope null.
 */
export type AppointmentSearch = {
  scopeIdno: string | null;
  status: number;
  conditions: Filter[];
};

export async function searchAppointments(context: BookingContext, search: AppointmentSearch, page: PageRequest) {
  const conditions = [...search.conditions];
  if (search.scopeIdno !== null) conditions.push({ organizationIdno: search.scopeIdno });
  if (search.status !== 0) conditions.push({ status: search.status });
  const filter: Filter = conditions.length === 0 ? {} : conditions.length === 1 ? conditions[0] : { $and: conditions };
  const appointments = context.documents.collection<AppointmentDocument>(APPOINTMENTS);
  const [items, totalCount] = await Promise.all([
    appointments.find(filter, { sort: { slotStart: 1 }, ...pageWindow(page) }),
    appointments.count(filter),
  ]);
  return { items, totalCount };
}

/**
 * Organization filter of user-list: the organization's id (in any spelling of a uuid), IDNO or name in
 * any of its languages, since the lists answer the name in the caller's x-custom-lang and a client may
 * pass back the name it was shown.
 */
export function organizationCondition(organization: string | undefined): Filter[] {
  if (!organization) return [];
  const organizationId = canonicalUuid(organization) ?? organization;
  const byName = (['ro', 'ru', 'en'] as const).map((language) => ({ [`organizationName.${language}`]: organization }));
  return [{ $or: [{ organizationId }, { organizationIdno: organization }, ...byName] }];
}

export const utc = (instant: string) => new Date(instant).toISOString();
