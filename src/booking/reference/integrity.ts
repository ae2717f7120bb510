import type { FieldMessage } from '../problems';
import type { CalendarDefinition, CalendarLocationDefinition, LocationDefinition, ReferenceDefinitions, ReferenceKind, SettingsDefinition } from './definitions';

export type ReferenceLookup = <K extends ReferenceKind>(kind: K, id: string) => Promise<ReferenceDefinitions[K] | null>;

/** What the checks read: definitions by id, and the calendar-locations offering a calendar or placed at a location. */
export type ReferenceSource = {
  get: ReferenceLookup;
  calendarLocationsWith: (field: 'calendarId' | 'locationId', id: string) => Promise<CalendarLocationDefinition[]>;
};

/**
 * Every id a definition refers to must exist, and a calendar offered at a location must be of the location's
 * organization: when the calendar-location is defined, and when its calendar or location changes organization.
 */
export async function integrityErrors(kind: ReferenceKind, definition: object, source: ReferenceSource, prefix = ''): Promise<FieldMessage[]> {
  const errors: FieldMessage[] = [];
  const missing = (field: string, refKind: ReferenceKind, id: string) =>
    errors.push({ field: `${prefix}${field}`, key: 'referenceNotFound', params: { kind: refKind, id } });

  if (kind === 'location' || kind === 'calendar') {
    const { organizationId } = definition as { organizationId: string };
    if (!(await source.get('organization', organizationId))) missing('organizationId', 'organization', organizationId);
    const split = await pairingSplitBy(kind, definition as LocationDefinition | CalendarDefinition, source);
    if (split) errors.push({ field: `${prefix}organizationId`, key: 'organizationInUse', params: { id: split.id } });
  }
  if (kind === 'calendar-location') {
    const { calendarId, locationId } = definition as CalendarLocationDefinition;
    const calendar = await source.get('calendar', calendarId);
    const location = await source.get('location', locationId);
    if (!calendar) missing('calendarId', 'calendar', calendarId);
    if (!location) missing('locationId', 'location', locationId);
    if (calendar && location && calendar.organizationId !== location.organizationId) errors.push({ field: `${prefix}calendarId`, key: 'organizationMismatch' });
  }
  if (kind === 'settings') {
    const { organizationId, calendarId } = definition as SettingsDefinition;
    if (!(await source.get('organization', organizationId))) missing('organizationId', 'organization', organizationId);
    if (calendarId) {
      const calendar = await source.get('calendar', calendarId);
      if (!calendar) missing('calendarId', 'calendar', calendarId);
      else if (calendar.organizationId !== organizationId) errors.push({ field: `${prefix}calendarId`, key: 'organizationMismatch' });
    }
  }
  return errors;
}

/** The first calendar-location that would pair a calendar and a location of different organizations after this definition. */
async function pairingSplitBy(kind: 'location' | 'calendar', definition: LocationDefinition | CalendarDefinition, source: ReferenceSource) {
  const ownField = kind === 'calendar' ? 'calendarId' : 'locationId';
  for (const calendarLocation of await source.calendarLocationsWith(ownField, definition.id)) {
    const partner = kind === 'calendar' ? await source.get('location', calendarLocation.locationId) : await source.get('calendar', calendarLocation.calendarId);
    if (partner && partner.organizationId !== definition.organizationId) return calendarLocation;
  }
  return null;
}

/**
 * Bookings sit in the slot ledger of their location and local day. These fields decide that ledger: if one
 * changed while bookings are to come, later bookings would be counted in other ledgers than the earlier ones,
 * and the slot, daily and capacity limits would no longer see both.
 */
export function ledgerPlacementChanges(kind: ReferenceKind, before: object, after: object): string[] {
  if (kind === 'calendar-location') return (before as CalendarLocationDefinition).locationId !== (after as CalendarLocationDefinition).locationId ? ['locationId'] : [];
  if (kind === 'location') return (before as LocationDefinition).timeZone !== (after as LocationDefinition).timeZone ? ['timeZone'] : [];
  return [];
}
