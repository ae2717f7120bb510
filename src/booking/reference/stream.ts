import { calendarLocationStreamId, calendarStreamId, locationStreamId, organizationStreamId, settingsStreamId } from '../service';
import type { ReferenceKind } from './definitions';

export const REFERENCE_STREAMS: Record<ReferenceKind, (id: string) => string> = {
  organization: organizationStreamId,
  location: locationStreamId,
  calendar: calendarStreamId,
  'calendar-location': calendarLocationStreamId,
  settings: settingsStreamId,
};

/** The order in which an import defines reference data: what is referred to comes first. */
export const REFERENCE_ORDER: ReferenceKind[] = ['organization', 'location', 'calendar', 'calendar-location', 'settings'];
