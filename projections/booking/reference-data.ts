import type { Document } from '../../src/platform/document-store/document-store';
import type { Projection } from '../../src/platform/projections/projection';
import type { ReferenceDefinitions, ReferenceKind } from '../../src/booking/reference/definitions';
import { registeredType, updatedType } from '../../src/booking/reference/events';
import { BOOKING_STREAMS } from '../../src/booking/service';
import { hasFields, isBookingEvent } from './event-guards';

/** The current definition of each reference aggregate, one collection per kind, keyed by its id. */
export const REFERENCE_COLLECTIONS: Record<ReferenceKind, string> = {
  organization: 'booking_organizations',
  location: 'booking_locations',
  calendar: 'booking_calendars',
  'calendar-location': 'booking_calendar_locations',
  settings: 'booking_settings',
};

/** The definition as its last event gave it, with when and at which revision of its stream. */
export type ReferenceDocument<K extends ReferenceKind> = ReferenceDefinitions[K] & Document & { updatedAt: string; revision: number };

function referenceProjection(name: string, kind: ReferenceKind, indexes: Record<string, 1>[] = []): Projection {
  const collection = REFERENCE_COLLECTIONS[kind];
  return {
    name,
    streamPrefix: BOOKING_STREAMS,
    eventTypes: [registeredType(kind), updatedType(kind)],
    collections: [collection],
    indexes: indexes.map((keys) => ({ collection, keys })),
    async apply(stored, session) {
      if (!isBookingEvent(stored) || !hasFields(stored.event.data, 'id')) return;
      const definition = stored.event.data as { id: string };
      const document = { ...definition, _id: definition.id, updatedAt: stored.event.time, revision: stored.revision };
      await session.collection(collection).replaceOne({ _id: definition.id }, document, { upsert: true });
    },
  };
}

export const referenceProjections: Projection[] = [
  referenceProjection('booking-organizations', 'organization', [{ idno: 1 }]),
  referenceProjection('booking-locations', 'location', [{ organizationId: 1 }, { relatedIdno: 1 }]),
  referenceProjection('booking-calendars', 'calendar', [{ organizationId: 1 }, { code: 1 }]),
  referenceProjection('booking-calendar-locations', 'calendar-location', [{ locationId: 1 }, { calendarId: 1 }]),
  referenceProjection('booking-settings', 'settings', [{ organizationId: 1 }]),
];
