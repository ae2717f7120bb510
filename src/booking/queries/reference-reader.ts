import type { DocumentStore } from '../../platform/document-store/document-store';
import { REFERENCE_COLLECTIONS, type ReferenceDocument } from '../../../projections/booking/reference-data';
import type { SlotCalendar } from '../slots/slot-rules';
import {
  settingsId,
  type CalendarDefinition,
  type CalendarLocationDefinition,
  type LocationDefinition,
  type OrganizationDefinition,
  type ReferenceDefinitions,
  type ReferenceKind,
  type SettingsDefinition,
} from '../reference/definitions';

/** Reads reference definitions from their read models (without the read model's own fields). */
export class ReferenceReader {
  constructor(private readonly documents: DocumentStore) {}

  async get<K extends ReferenceKind>(kind: K, id: string): Promise<ReferenceDefinitions[K] | null> {
    const document = await this.collection(kind).findOne({ _id: id });
    return document ? toDefinition(document) : null;
  }

  organization = (id: string) => this.get('organization', id) as Promise<OrganizationDefinition | null>;
  location = (id: string) => this.get('location', id) as Promise<LocationDefinition | null>;
  calendar = (id: string) => this.get('calendar', id) as Promise<CalendarDefinition | null>;
  calendarLocation = (id: string) => this.get('calendar-location', id) as Promise<CalendarLocationDefinition | null>;

  /** The calendar-locations offering a calendar (calendarId) or placed at a location (locationId). */
  calendarLocationsWith = (field: 'calendarId' | 'locationId', id: string) => this.find('calendar-location', { [field]: id }) as Promise<CalendarLocationDefinition[]>;

  /** The calendar's own settings, else the organization's, else none. */
  async effectiveSettings(organizationId: string, calendarId: string): Promise<SettingsDefinition | null> {
    return (await this.get('settings', settingsId(organizationId, calendarId))) ?? (await this.get('settings', settingsId(organizationId, null)));
  }

  async find<K extends ReferenceKind>(kind: K, filter: Record<string, unknown>, options: { sort?: Record<string, 1 | -1>; skip?: number; limit?: number } = {}) {
    const documents = await this.collection(kind).find(filter, options);
    return documents.map(toDefinition);
  }

  count(kind: ReferenceKind, filter: Record<string, unknown>): Promise<number> {
    return this.collection(kind).count(filter);
  }

  private collection<K extends ReferenceKind>(kind: K) {
    return this.documents.collection<ReferenceDocument<K>>(REFERENCE_COLLECTIONS[kind]);
  }
}

function toDefinition<K extends ReferenceKind>(document: ReferenceDocument<K>): ReferenceDefinitions[K] {
  const { _id, updatedAt, revision, ...definition } = document;
  return definition as unknown as ReferenceDefinitions[K];
}

/** What the slot engine needs: the calendar-location's rules with the settings' holidays added. */
export function slotCalendarOf(calendarLocation: CalendarLocationDefinition, location: LocationDefinition, settings: SettingsDefinition | null): SlotCalendar {
  return {
    timeZone: location.timeZone,
    slotDuration: calendarLocation.slotDuration,
    intervals: calendarLocation.intervals,
    holidays: [...new Set([...(settings?.holidays ?? []), ...calendarLocation.holidays])].sort(),
    recoverableDaysOffs: [...(settings?.recoverableDaysOffs ?? []), ...calendarLocation.recoverableDaysOffs],
    startDate: calendarLocation.startDate,
    endDate: calendarLocation.endDate,
    activeDays: calendarLocation.activeDays,
  };
}
