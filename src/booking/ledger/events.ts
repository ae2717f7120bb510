import type { DomainEvent } from '../../platform/decider';

/**
 * The slot ledger of one location and local day. Every booking at the location that day passes through
 * this one stream, so its revision serialises them: two requests for the last place cannot both append.
 */
export const SLOTS_RESERVED = 'md.gov.booking.slots.reserved.v1';
export const SLOTS_RELEASED = 'md.gov.booking.slots.released.v1';

/**
 * start and end as UTC ISO strings. person: a pseudonym of who books (toPersonStreamId of the IDNP or
 * passport number), so that one person cannot hold the same service at the same time twice; absent in
 * bookings recorded before it was kept.
 */
export type Booking = { appointmentId: string; calendarLocationId: string; start: string; end: string; person?: string };

export type ReleaseReason = 'request-refused' | 'request-abandoned' | 'canceled' | 'expired';

export type SlotsReserved = { locationId: string; date: string; requestId: string; bookings: Booking[] };
export type SlotsReleased = { locationId: string; date: string; requestId: string | null; reason: ReleaseReason; bookings: Booking[] };

export type LedgerEvent = DomainEvent<typeof SLOTS_RESERVED, SlotsReserved> | DomainEvent<typeof SLOTS_RELEASED, SlotsReleased>;
