import type { StoredEvent } from '../../src/platform/event-store/event-store';
import { BOOKING_SOURCE, BOOKING_STREAMS } from '../../src/booking/service';

/**
 * Only the booking service's own events build its read models: an event of a booking type produced by
 * anyone else through the exchange (if the registry ever allowed it) is ignored.
 */
export function isBookingEvent(stored: StoredEvent): boolean {
  return stored.kind === 'standard' && stored.event.source === BOOKING_SOURCE && stored.streamId.startsWith(BOOKING_STREAMS);
}

/**
 * A projection that throws stops at that event for good (the runner retries it forever), so an event
 * without the fields a projection needs is skipped rather than applied half.
 */
export function hasFields(data: unknown, ...paths: string[]): boolean {
  return paths.every((path) => {
    let current: unknown = data;
    for (const part of path.split('.')) {
      if (current === null || typeof current !== 'object') return false;
      current = (current as Record<string, unknown>)[part];
    }
    return current !== undefined && current !== null;
  });
}
