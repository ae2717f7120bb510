import { BOOKING_STREAMS } from '../service';
import type { ReferenceKind } from './definitions';

export const toOrganizationStreamId = (id: string) => `${BOOKING_STREAMS}organization-${id}`;
export const toLocationStreamId = (id: string) => `${BOOKING_STREAMS}location-${id}`;
export const toCalendarStreamId = (id: string) => `${BOOKING_STREAMS}calendar-${id}`;
export const toCalendarLocationStreamId = (id: string) => `${BOOKING_STREAMS}calendar-location-${id}`;
export const toSettingsStreamId = (id: string) => `${BOOKING_STREAMS}settings-${id}`;

/** The stream of a reference definition of each kind. */
export const REFERENCE_STREAMS: Record<ReferenceKind, (id: string) => string> = {
  organization: toOrganizationStreamId,
  location: toLocationStreamId,
  calendar: toCalendarStreamId,
  'calendar-location': toCalendarLocationStreamId,
  settings: toSettingsStreamId,
};
