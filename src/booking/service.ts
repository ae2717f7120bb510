import { createHash } from 'node:crypto';

/** What the log knows the booking service by: its name (registry rights), its events' source, its streams' prefix. */
export const BOOKING_SERVICE = 'booking';
export const BOOKING_SOURCE = 'urn:md:gov:booking';
/** Every stream of the booking service starts so: its read models are built from these streams only. */
export const BOOKING_STREAMS = 'booking-';

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
