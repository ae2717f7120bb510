import type { BookingContext } from '../handlers/booking-context';
import { resolveService, type ResolvedService } from '../handlers/service-resolver';

/** The services open for booking at a location, by name. */
export async function servicesAt(context: BookingContext, locationId: string): Promise<ResolvedService[]> {
  const calendarLocations = await context.reference.find('calendar-location', { locationId, isActive: true });
  const services = await Promise.all(calendarLocations.map((calendarLocation) => resolveService(context, calendarLocation.id)));
  return services
    .filter((service): service is ResolvedService => service !== null && service.isOpen)
    .sort((a, b) => (a.calendar.name.ro ?? '').localeCompare(b.calendar.name.ro ?? ''));
}

/**
 * config-by-idno: the service with this code at the location with this IDNO (the location's relatedIDNO).
 * When no location carrying the IDNO offers the service, the organization's IDNO is tried and its first
 * location offering the service (by location id) is taken: a head office whose relatedIDNO is the
 * organization's own must not hide the services of its branches.
 */
export async function findServiceByIdno(context: BookingContext, idno: string, serviceCode: string): Promise<ResolvedService | null> {
  const related = await context.reference.find('location', { relatedIdno: idno, isActive: true }, { sort: { _id: 1 } });
  const atRelated = await firstOffering(context, related, serviceCode);
  if (atRelated) return atRelated;
  const organizations = await context.reference.find('organization', { idno });
  const ofOrganization = await context.reference.find('location', { organizationId: { $in: organizations.map((o) => o.id) }, isActive: true }, { sort: { _id: 1 } });
  return firstOffering(context, ofOrganization, serviceCode);
}

async function firstOffering(context: BookingContext, locations: { id: string }[], serviceCode: string): Promise<ResolvedService | null> {
  for (const location of locations) {
    const match = (await servicesAt(context, location.id)).find((service) => service.calendar.code === serviceCode);
    if (match) return match;
  }
  return null;
}
