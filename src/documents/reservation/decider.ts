import type { Decider } from '../../platform/decider';
import type { ReservationCommand } from './commands';
import { RESERVATION_MADE, RESERVATION_USED, type ReservationEvent } from './events';

export class ReservationNotFoundError extends Error {
  constructor(readonly reservationId: string) {
    super(`no reservation ${reservationId} made by this client`);
    this.name = 'ReservationNotFoundError';
  }
}

export class ReservationUsedError extends Error {
  constructor(readonly reservationId: string) {
    super(`reservation ${reservationId} was used for another document`);
    this.name = 'ReservationUsedError';
  }
}

type ReservationState = { status: 'none' | 'made' | 'used'; clientId: string; accessCodeSha256: string | null; documentId: string | null };

/** A reservation is made once and used once, by the client that made it, for one document (using it again for that document changes nothing). */
export const reservationDecider: Decider<ReservationCommand, ReservationEvent, ReservationState> = {
  initialState: () => ({ status: 'none', clientId: '', accessCodeSha256: null, documentId: null }),
  evolve: (state, event) => {
    switch (event.type) {
      case RESERVATION_MADE:
        return { status: 'made', clientId: event.data.clientId, accessCodeSha256: event.data.accessCodeSha256, documentId: null };
      case RESERVATION_USED:
        return { ...state, status: 'used', documentId: event.data.documentId };
      default: {
        const unexpected: never = event;
        return unexpected;
      }
    }
  },
  decide: (command, state) => {
    const { reservationId, by, clientId, at } = command;
    switch (command.type) {
      case 'MakeReservation':
        if (state.status !== 'none') return [];
        return [{ type: RESERVATION_MADE, data: { reservationId, accessCodeSha256: command.accessCodeSha256, link: command.link, by, clientId, at } }];
      case 'UseReservation':
        if (state.status === 'none' || state.clientId !== clientId) throw new ReservationNotFoundError(reservationId);
        if (state.status === 'used') {
          if (state.documentId === command.documentId) return [];
          throw new ReservationUsedError(reservationId);
        }
        return [{ type: RESERVATION_USED, data: { reservationId, documentId: command.documentId, by, clientId, at } }];
      default: {
        const unexpected: never = command;
        return unexpected;
      }
    }
  },
};
