import type { Projection } from '../../src/platform/projections/projection';
import { registeredType, updatedType } from '../../src/booking/reference/events';
import type { ReferenceKind } from '../../src/booking/reference/definitions';
import { BOOKING_STREAMS } from '../../src/booking/service';
import { hasFields, isBookingEvent } from './booking-events';
import { BookingCollections } from './collections';

/** A reference read model holds the current definition of each aggregate, keyed by its id. */
function referenceProjection(name: string, kind: ReferenceKind, collection: string, indexes: Record<string, 1>[] = []): Projection {
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
  referenceProjection('booking-organizations', 'organization', BookingCollections.organizations, [{ idno: 1 }]),
  referenceProjection('booking-locations', 'location', BookingCollections.locations, [{ organizationId: 1 }, { relatedIdno: 1 }]),
  referenceProjection('booking-calendars', 'calendar', BookingCollections.calendars, [{ organizationId: 1 }, { code: 1 }]),
  referenceProjection('booking-calendar-locations', 'calendar-location', BookingCollections.calendarLocations, [{ locationId: 1 }, { calendarId: 1 }]),
  referenceProjection('booking-settings', 'settings', BookingCollections.settings, [{ organizationId: 1 }]),
];
