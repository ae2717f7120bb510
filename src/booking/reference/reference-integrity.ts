import type { FieldError } from '../problems';
import type { CalendarLocationDefinition, ReferenceDefinitions, ReferenceKind, SettingsDefinition } from './reference-types';

export type ReferenceLookup = <K extends ReferenceKind>(kind: K, id: string) => Promise<ReferenceDefinitions[K] | null>;

/** Every id a definition refers to must exist, and a calendar offered at a location must be of the location's organization. */
export async function integrityErrors(kind: ReferenceKind, definition: object, lookup: ReferenceLookup, prefix = ''): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const missing = (field: string, refKind: ReferenceKind, id: string) =>
    errors.push({ field: `${prefix}${field}`, key: 'referenceNotFound', params: { kind: refKind, id } });

  if (kind === 'location' || kind === 'calendar') {
    const { organizationId } = definition as { organizationId: string };
    if (!(await lookup('organization', organizationId))) missing('organizationId', 'organization', organizationId);
  }
  if (kind === 'calendar-location') {
    const { calendarId, locationId } = definition as CalendarLocationDefinition;
    const calendar = await lookup('calendar', calendarId);
    const location = await lookup('location', locationId);
    if (!calendar) missing('calendarId', 'calendar', calendarId);
    if (!location) missing('locationId', 'location', locationId);
    if (calendar && location && calendar.organizationId !== location.organizationId) errors.push({ field: `${prefix}calendarId`, key: 'organizationMismatch' });
  }
  if (kind === 'settings') {
    const { organizationId, calendarId } = definition as SettingsDefinition;
    if (!(await lookup('organization', organizationId))) missing('organizationId', 'organization', organizationId);
    if (calendarId) {
      const calendar = await lookup('calendar', calendarId);
      if (!calendar) missing('calendarId', 'calendar', calendarId);
      else if (calendar.organizationId !== organizationId) errors.push({ field: `${prefix}calendarId`, key: 'organizationMismatch' });
    }
  }
  return errors;
}
