/** One stream per reservation (its id, which the share made from it takes). */
export const toReservationStreamId = (reservationId: string) => `documents-reservation-${reservationId}`;
