type Common = { reservationId: string; by: string; clientId: string; at: string };

export type MakeReservation = Common & { type: 'MakeReservation'; accessCodeSha256: string | null; link: string };
export type UseReservation = Common & { type: 'UseReservation'; documentId: string };

export type ReservationCommand = MakeReservation | UseReservation;
