import type { DomainEvent } from '../../platform/decider';

export const RESERVATION_MADE = 'md.gov.documents.reservation.made.v1';
export const RESERVATION_USED = 'md.gov.documents.reservation.used.v1';

type Actor = { by: string; clientId: string; at: string };

/** A share reserved ahead (for a link or a QR code on paper): its id, its link, the hash of its access code (the code itself is never stored). */
export type ReservationMade = DomainEvent<typeof RESERVATION_MADE, Actor & { reservationId: string; accessCodeSha256: string | null; link: string }>;
/** The reservation became the share (same id) of this document. */
export type ReservationUsed = DomainEvent<typeof RESERVATION_USED, Actor & { reservationId: string; documentId: string }>;

export type ReservationEvent = ReservationMade | ReservationUsed;
