import type { Decider } from '../../platform/decider';
import {
  REQUEST_ABANDONED,
  REQUEST_ACCEPTED,
  REQUEST_RECEIVED,
  REQUEST_REFUSED,
  type RequestEvent,
  type RequestReceived,
  type RequestAccepted,
  type RequestRefused,
} from './events';
import type { RequestCommand } from './commands';

export type RequestStatus = 'none' | 'received' | 'accepted' | 'refused' | 'abandoned';

export type RequestState = {
  status: RequestStatus;
  received?: RequestReceived;
  accepted?: RequestAccepted;
  refused?: RequestRefused;
};

/** The request is no longer open: it was already decided (or never received). */
export class RequestClosedError extends Error {
  constructor(readonly status: RequestStatus) {
    super(`the booking request is ${status}`);
    this.name = 'RequestClosedError';
  }
}

export const requestDecider: Decider<RequestCommand, RequestEvent, RequestState> = {
  initialState: () => ({ status: 'none' }),

  evolve(state, event) {
    switch (event.type) {
      case REQUEST_RECEIVED:
        return { status: 'received', received: event.data };
      case REQUEST_ACCEPTED:
        return { ...state, status: 'accepted', accepted: event.data };
      case REQUEST_REFUSED:
        return { ...state, status: 'refused', refused: event.data };
      case REQUEST_ABANDONED:
        return { ...state, status: 'abandoned' };
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'receive':
        if (state.status !== 'none') throw new RequestClosedError(state.status);
        return [{ type: REQUEST_RECEIVED, data: command.data }];
      case 'accept':
        if (state.status !== 'received') throw new RequestClosedError(state.status);
        return [{ type: REQUEST_ACCEPTED, data: command.data }];
      case 'refuse':
        if (state.status !== 'received') throw new RequestClosedError(state.status);
        return [{ type: REQUEST_REFUSED, data: command.data }];
      case 'abandon':
        return state.status === 'received' ? [{ type: REQUEST_ABANDONED, data: command.data }] : [];
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};
