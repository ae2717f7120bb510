import { createHash } from 'node:crypto';

/** Stream ids of the booking service's aggregates: one helper per aggregate, so the names live in one place. */
export const BOOKING_SOURCE = 'urn:md:gov:booking';
export const BOOKING_SERVICE = 'booking';
/** Every stream of the booking service starts so: its read models are built from these streams only. */
export const BOOKING_STREAMS = 'booking-';

export const appointmentStreamId = (appointmentId: string) => `booking-appointment-${appointmentId}`;
export const requestStreamId = (requestId: string) => `booking-request-${requestId}`;
/** one ledger per location and local day: the unit that serialises bookings (see docs/decisions.md) */
export const ledgerStreamId = (locationId: string, date: string) => `booking-ledger-${locationId}-${date}`;
/** the person is named by a hash so that no IDNP or passport number appears in a stream id */
export const personStreamId = (userIdentifier: string) => `booking-person-${sha256(`person\n${userIdentifier}`).slice(0, 40)}`;
export const organizationStreamId = (id: string) => `booking-organization-${id}`;
export const locationStreamId = (id: string) => `booking-location-${id}`;
export const calendarStreamId = (id: string) => `booking-calendar-${id}`;
export const calendarLocationStreamId = (id: string) => `booking-calendar-location-${id}`;
export const settingsStreamId = (id: string) => `booking-settings-${id}`;
export const DEMO_DATA_STREAM = 'booking-demo-data';

/** A name-based UUID (version 5 layout, SHA-256 based): the same parts always give the same id. */
export function nameUuid(...parts: string[]): string {
  const hex = sha256(parts.join('\n')).slice(0, 32).split('');
  hex[12] = '5';
  hex[16] = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20, 32)}`;
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
