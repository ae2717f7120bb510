import { calendarLocationStreamId, calendarStreamId, locationStreamId, organizationStreamId, settingsStreamId } from '../streams';
import type { ReferenceKind } from './reference-types';

export const REFERENCE_STREAMS: Record<ReferenceKind, (id: string) => string> = {
  organization: organizationStreamId,
  location: locationStreamId,
  calendar: calendarStreamId,
  'calendar-location': calendarLocationStreamId,
  settings: settingsStreamId,
};

/** The order in which an import defines reference data: what is referred to comes first. */
export const REFERENCE_ORDER: ReferenceKind[] = ['organization', 'location', 'calendar', 'calendar-location', 'settings'];
