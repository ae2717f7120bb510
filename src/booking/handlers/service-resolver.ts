import type { CalendarDefinition, CalendarLocationDefinition, LocationDefinition, OrganizationDefinition, SettingsDefinition } from '../reference/definitions';
import { slotCalendarOf } from '../queries/reference-reader';
import type { SlotCalendar } from '../slots/slot-rules';
import type { BookingContext } from './booking-context';

/** A calendar-location with everything around it that booking needs. */
export type ResolvedService = {
  calendarLocation: CalendarLocationDefinition;
  calendar: CalendarDefinition;
  location: LocationDefinition;
  organization: OrganizationDefinition;
  settings: SettingsDefinition | null;
  slotCalendar: SlotCalendar;
  /** open for booking: the calendar-location, its calendar, location and organization are all active */
  isOpen: boolean;
};

/** Resolves calendar-locations once per request, however often the request names them. */
export function serviceResolver(context: BookingContext): (calendarLocationId: string) => Promise<ResolvedService | null> {
  const resolved = new Map<string, Promise<ResolvedService | null>>();
  return (calendarLocationId) => {
    let pending = resolved.get(calendarLocationId);
    if (!pending) {
      pending = resolveService(context, calendarLocationId);
      resolved.set(calendarLocationId, pending);
    }
    return pending;
  };
}

export async function resolveService(context: BookingContext, calendarLocationId: string): Promise<ResolvedService | null> {
  const calendarLocation = await context.reference.calendarLocation(calendarLocationId);
  if (!calendarLocation) return null;
  const [calendar, location] = await Promise.all([context.reference.calendar(calendarLocation.calendarId), context.reference.location(calendarLocation.locationId)]);
  if (!calendar || !location) return null;
  const [organization, settings] = await Promise.all([
    context.reference.organization(location.organizationId),
    context.reference.effectiveSettings(location.organizationId, calendar.id),
  ]);
  if (!organization) return null;
  return {
    calendarLocation,
    calendar,
    location,
    organization,
    settings,
    slotCalendar: slotCalendarOf(calendarLocation, location, settings),
    isOpen: calendarLocation.isActive && calendar.isActive && location.isActive && organization.isActive,
  };
}
