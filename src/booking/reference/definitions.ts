import type { RecoverableDayOff } from '../../platform/time/work-calendar';
import type { WorkInterval } from '../slots/slot-rules';
import { nameUuid } from '../service';

/** Reference data as the admin API and the import take it (camelCase, complete once schema defaults are applied). */
export type Resource = { ro?: string | null; ru?: string | null; en?: string | null };

/** A text as the seed's ResourceDto answers it: its three members always, null where there is no text. */
export const resourceDto = (resource: Resource | null | undefined) => ({ ro: resource?.ro ?? null, ru: resource?.ru ?? null, en: resource?.en ?? null });

export type OrganizationDefinition = {
  id: string;
  idno: string;
  code: string | null;
  homeAlias: string | null;
  name: Resource;
  title: Resource;
  subTitle: Resource;
  description: Resource;
  about: Resource;
  filterByLocation: boolean;
  filterByService: boolean;
  webPage: string | null;
  faqId: string | null;
  type: string | null;
  isActive: boolean;
  contact: { fullAddress: string | null; phones: string[]; email: string | null; locationUrl: string | null };
};

export type LocationDefinition = {
  id: string;
  organizationId: string;
  name: Resource;
  title: Resource;
  about: Resource;
  webPage: string | null;
  phone: string | null;
  email: string | null;
  relatedIdno: string | null;
  /** most appointments running at the location at one moment, all services together */
  capacity: number;
  addressId: string;
  country: string;
  region: string;
  locality: string;
  locationAddress: string;
  coordinatesUrl: string;
  index: string | null;
  isActive: boolean;
  imageInfo: { data: string; mimeType: string } | null;
  counters: { id: string; name: Resource; isActive: boolean }[];
  timeZone: string;
};

/** A calendar is one public service of an organization (its serviceId is the calendar id). */
export type CalendarDefinition = {
  id: string;
  organizationId: string;
  code: string;
  name: Resource;
  description: Resource;
  /** the documents a citizen brings */
  documents: Resource;
  isActive: boolean;
};

export type OptionDefinition = { id: string; name: Resource };

/** A calendar offered at a location, with everything the slot engine needs. */
export type CalendarLocationDefinition = {
  id: string;
  calendarId: string;
  locationId: string;
  name: Resource | null;
  slotDuration: number;
  intervals: WorkInterval[];
  startDate: string | null;
  endDate: string | null;
  activeDays: number;
  appointmentActiveDays: number | null;
  /** most appointments this calendar-location takes per day (null: no daily limit) */
  appointmentsLimit: number | null;
  holidays: string[];
  recoverableDaysOffs: RecoverableDayOff[];
  requestOptions: OptionDefinition[];
  relatedOptions: OptionDefinition[];
  isActive: boolean;
};

/** Settings of an organization (calendarId null) or of one of its calendars. */
export type SettingsDefinition = {
  id: string;
  organizationId: string;
  calendarId: string | null;
  workDays: number[];
  workHours: { start: string; end: string }[];
  holidays: string[];
  recoverableDaysOffs: RecoverableDayOff[];
  hoursUntilConfirmationDeadline: number;
};

/** Settings of an organization as a whole use this id; settings of one calendar get their own. */
export function settingsId(organizationId: string, calendarId: string | null): string {
  return nameUuid('settings', organizationId, calendarId ?? 'organization');
}

export type ReferenceKind = 'organization' | 'location' | 'calendar' | 'calendar-location' | 'settings';

/** The order in which an import defines reference data: what is referred to comes first. */
export const REFERENCE_ORDER: ReferenceKind[] = ['organization', 'location', 'calendar', 'calendar-location', 'settings'];

export type ReferenceDefinitions = {
  organization: OrganizationDefinition;
  location: LocationDefinition;
  calendar: CalendarDefinition;
  'calendar-location': CalendarLocationDefinition;
  settings: SettingsDefinition;
};
