import { randomUUID } from 'node:crypto';
import { nameUuid } from '../service';
import { minutesOf, isValidTimeZone } from '../../platform/time/zoned-time';
import type { FieldMessage } from '../problems';
import { settingsId, type CalendarLocationDefinition, type LocationDefinition, type ReferenceDefinitions, type ReferenceKind, type SettingsDefinition } from './definitions';

/**
 * Completes a schema-valid definition: ids that may be left out are generated (the nested ones from the
 * parent's id, so that defining the same content twice gives the same definition).
 */
export function completeDefinition<K extends ReferenceKind>(kind: K, input: Record<string, unknown>, id?: string): ReferenceDefinitions[K] {
  const definition = { ...input, id: id ?? (input.id as string | undefined) ?? randomUUID() } as Record<string, unknown>;
  if (kind === 'location') definition.addressId ??= nameUuid(definition.id as string, 'address');
  if (kind === 'calendar-location') {
    const intervals = definition.intervals as CalendarLocationDefinition['intervals'];
    definition.intervals = intervals.map((interval, index) => ({ ...interval, id: interval.id ?? nameUuid(definition.id as string, 'interval', String(index)) }));
  }
  if (kind === 'settings') definition.id = settingsId(definition.organizationId as string, (definition.calendarId as string | null) ?? null);
  return definition as unknown as ReferenceDefinitions[K];
}

/** Rules the schema cannot say: orders of times and dates, known time zones. */
export function definitionErrors(kind: ReferenceKind, definition: object, prefix = ''): FieldMessage[] {
  const errors: FieldMessage[] = [];
  if (kind === 'location') {
    const { timeZone } = definition as LocationDefinition;
    if (!isValidTimeZone(timeZone)) errors.push({ field: `${prefix}timeZone`, key: 'timeZone', params: { value: timeZone } });
  }
  if (kind === 'calendar-location') {
    const calendarLocation = definition as CalendarLocationDefinition;
    calendarLocation.intervals.forEach((interval, index) => {
      if (minutesOf(interval.start) >= minutesOf(interval.end)) errors.push({ field: `${prefix}intervals[${index}]`, key: 'intervalOrder' });
    });
    if (calendarLocation.startDate && calendarLocation.endDate && calendarLocation.startDate > calendarLocation.endDate) {
      errors.push({ field: `${prefix}startDate`, key: 'dateOrder' });
    }
  }
  if (kind === 'settings') {
    (definition as SettingsDefinition).workHours.forEach((hours, index) => {
      if (minutesOf(hours.start) >= minutesOf(hours.end)) errors.push({ field: `${prefix}workHours[${index}]`, key: 'intervalOrder' });
    });
  }
  return errors;
}
