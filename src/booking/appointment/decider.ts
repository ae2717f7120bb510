import type { Decider } from '../../platform/decider';
import type { Actor, AppointmentCommand } from './commands';
import { AppointmentStatus, type AppointmentStatusValue } from './status';
import {
  APPOINTMENT_CANCELED,
  APPOINTMENT_CONFIRMED,
  APPOINTMENT_REQUESTED,
  type AppointmentEvent,
  type AppointmentRequested,
} from './events';

/** Business rules of an appointment; the code names the message shown to the caller (messages.ts). */
export type AppointmentRuleCode =
  | 'appointmentNotFound'
  | 'appointmentNotYours'
  | 'appointmentCanceled'
  | 'appointmentAlreadyScheduled'
  | 'appointmentAlreadyCanceled'
  | 'confirmationDeadlinePassed'
  | 'appointmentStarted';

export class AppointmentRuleError extends Error {
  constructor(
    readonly code: AppointmentRuleCode,
    readonly appointmentId: string,
  ) {
    super(code);
    this.name = 'AppointmentRuleError';
  }
}

export type AppointmentState =
  | { exists: false }
  | { exists: true; status: AppointmentStatusValue; requested: AppointmentRequested };

export const appointmentDecider: Decider<AppointmentCommand, AppointmentEvent, AppointmentState> = {
  initialState: () => ({ exists: false }),

  evolve(state, event) {
    switch (event.type) {
      case APPOINTMENT_REQUESTED:
        return { exists: true, requested: event.data, status: event.data.status === 'Scheduled' ? AppointmentStatus.Scheduled : AppointmentStatus.Waiting };
      case APPOINTMENT_CONFIRMED:
        return state.exists ? { ...state, status: AppointmentStatus.Scheduled } : state;
      case APPOINTMENT_CANCELED:
        return state.exists ? { ...state, status: AppointmentStatus.Canceled } : state;
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'request':
        // a replay of the same request (recovery rolling a booking forward) changes nothing
        return state.exists ? [] : [{ type: APPOINTMENT_REQUESTED, data: command.data }];
      case 'confirm': {
        const current = existing(state, command);
        if (current.status === AppointmentStatus.Canceled) throw new AppointmentRuleError('appointmentCanceled', command.appointmentId);
        if (current.status !== AppointmentStatus.Waiting) throw new AppointmentRuleError('appointmentAlreadyScheduled', command.appointmentId);
        const deadline = current.requested.confirmationDeadline;
        if (deadline && Date.parse(deadline) <= Date.parse(command.at)) throw new AppointmentRuleError('confirmationDeadlinePassed', command.appointmentId);
        return [{ type: APPOINTMENT_CONFIRMED, data: { appointmentId: command.appointmentId, confirmedBy: command.actor.clientId, confirmedAt: command.at } }];
      }
      case 'cancel': {
        const current = existing(state, command);
        if (current.status === AppointmentStatus.Canceled) throw new AppointmentRuleError('appointmentAlreadyCanceled', command.appointmentId);
        if (Date.parse(current.requested.slot.start) <= Date.parse(command.at)) throw new AppointmentRuleError('appointmentStarted', command.appointmentId);
        const notifyUser = command.notifyUser && Boolean(current.requested.citizen.email);
        return [canceled(current.requested, 'canceled', notifyUser, command.actor.clientId, command.at)];
      }
      case 'expire': {
        if (!state.exists || state.status !== AppointmentStatus.Waiting) return [];
        const deadline = state.requested.confirmationDeadline;
        if (!deadline || Date.parse(deadline) > Date.parse(command.at)) return [];
        return [canceled(state.requested, 'expired', state.requested.notifyUser, 'booking-scheduler', command.at)];
      }
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};

function existing(state: AppointmentState, { appointmentId, actor }: { appointmentId: string; actor: Actor }) {
  if (!state.exists) throw new AppointmentRuleError('appointmentNotFound', appointmentId);
  if (actor.organizationIdno !== null && actor.organizationIdno !== state.requested.organizationIdno) {
    throw new AppointmentRuleError('appointmentNotYours', appointmentId);
  }
  return state;
}

function canceled(requested: AppointmentRequested, reason: 'canceled' | 'expired', notifyUser: boolean, canceledBy: string, at: string): AppointmentEvent {
  const { firstName, lastName, email } = requested.citizen;
  return {
    type: APPOINTMENT_CANCELED,
    data: {
      appointmentId: requested.appointmentId,
      reason,
      notifyUser,
      language: requested.language,
      citizen: email ? { firstName, lastName, email } : { firstName, lastName },
      code: requested.code,
      organizationName: requested.organizationName,
      locationName: requested.locationName,
      locationAddress: requested.locationAddress,
      calendarName: requested.calendarName,
      slot: requested.slot,
      canceledBy,
      canceledAt: at,
      locationId: requested.locationId,
      slotDate: requested.slotDate,
    },
  };
}
