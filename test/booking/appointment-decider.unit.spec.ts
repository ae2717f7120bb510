import { appointmentDecider, AppointmentRuleError } from '../../src/booking/appointment/decider';
import { APPOINTMENT_CANCELED, APPOINTMENT_CONFIRMED, APPOINTMENT_REQUESTED, type AppointmentEvent } from '../../src/booking/appointment/events';
import { deciderSpec } from '../support/decider-spec';
import { requestedAppointment } from './booking-fixtures';

const spec = deciderSpec(appointmentDecider);
const institution = { clientId: 'demo-institution', organizationIdno: '1003600000003' };
const platformWide = { clientId: 'portal', organizationIdno: null };
const requested: AppointmentEvent = { type: APPOINTMENT_REQUESTED, data: requestedAppointment() };
const confirmed: AppointmentEvent = { type: APPOINTMENT_CONFIRMED, data: { appointmentId: 'a1', confirmedBy: 'demo-institution', confirmedAt: '2026-01-12T09:00:00.000Z' } };
const beforeDeadline = '2026-01-12T09:00:00.000Z';

const canceledBy = (reason: 'canceled' | 'expired', canceledBy: string, at: string, notifyUser: boolean): AppointmentEvent => ({
  type: APPOINTMENT_CANCELED,
  data: {
    appointmentId: 'a1',
    reason,
    notifyUser,
    language: 'ro',
    citizen: { firstName: 'Ion', lastName: 'Popescu', email: 'ion@example.md' },
    code: 'ASP-TEST0001',
    organizationName: { ro: 'Agenția Servicii Publice', ru: null, en: 'Public Services Agency' },
    locationName: { ro: 'Sediul central' },
    locationAddress: 'str. Arborilor 21',
    calendarName: { ro: 'Pașaport' },
    slot: { start: '2026-01-15T09:30:00+02:00', end: '2026-01-15T10:00:00+02:00' },
    canceledBy,
    canceledAt: at,
    locationId: 'loc-1',
    slotDate: '2026-01-15',
  },
});

describe('Appointment decider (unit, given/when/then)', () => {
  describe('request', () => {
    it('records the appointment', () => spec.given([]).when({ type: 'request', data: requestedAppointment() }).then([requested]));
    it('changes nothing when the same appointment is requested again (roll-forward)', () =>
      spec.given([requested]).when({ type: 'request', data: requestedAppointment() }).then([]));
  });

  describe('confirm: Waiting -> Scheduled', () => {
    it('confirms a waiting appointment before its deadline', () =>
      spec.given([requested]).when({ type: 'confirm', appointmentId: 'a1', actor: institution, at: beforeDeadline }).then([confirmed]));
    it('lets a platform-wide client confirm any organization’s appointment', () =>
      spec.given([requested]).when({ type: 'confirm', appointmentId: 'a1', actor: platformWide, at: beforeDeadline }).thenMatches(([event]) => {
        if (event.type !== APPOINTMENT_CONFIRMED || event.data.confirmedBy !== 'portal') throw new Error('not confirmed by the portal');
      }));
    it('refuses an unknown appointment', () =>
      spec.given([]).when({ type: 'confirm', appointmentId: 'a1', actor: institution, at: beforeDeadline }).thenThrows(AppointmentRuleError, /appointmentNotFound/));
    it('refuses a client of another organization', () =>
      spec.given([requested]).when({ type: 'confirm', appointmentId: 'a1', actor: { clientId: 'x', organizationIdno: '1002600000011' }, at: beforeDeadline }).thenThrows(AppointmentRuleError, /appointmentNotYours/));
    it('refuses a scheduled appointment', () =>
      spec.given([requested, confirmed]).when({ type: 'confirm', appointmentId: 'a1', actor: institution, at: beforeDeadline }).thenThrows(AppointmentRuleError, /appointmentAlreadyScheduled/));
    it('refuses a canceled appointment', () =>
      spec.given([requested, canceledBy('canceled', 'demo-institution', beforeDeadline, true)]).when({ type: 'confirm', appointmentId: 'a1', actor: institution, at: beforeDeadline }).thenThrows(AppointmentRuleError, /appointmentCanceled/));
    it('refuses once the confirmation deadline has passed', () =>
      spec.given([requested]).when({ type: 'confirm', appointmentId: 'a1', actor: institution, at: '2026-01-13T08:00:00.000Z' }).thenThrows(AppointmentRuleError, /confirmationDeadlinePassed/));
  });

  describe('cancel', () => {
    it('cancels a waiting appointment, notifying the citizen unless told not to', () => {
      spec.given([requested]).when({ type: 'cancel', appointmentId: 'a1', actor: institution, notifyUser: true, at: beforeDeadline }).then([canceledBy('canceled', 'demo-institution', beforeDeadline, true)]);
      spec.given([requested]).when({ type: 'cancel', appointmentId: 'a1', actor: institution, notifyUser: false, at: beforeDeadline }).then([canceledBy('canceled', 'demo-institution', beforeDeadline, false)]);
    });
    it('cancels a scheduled appointment', () =>
      spec.given([requested, confirmed]).when({ type: 'cancel', appointmentId: 'a1', actor: institution, notifyUser: true, at: beforeDeadline }).then([canceledBy('canceled', 'demo-institution', beforeDeadline, true)]));
    it('does not promise an e-mail to a citizen who gave none', () => {
      const withoutEmail: AppointmentEvent = { type: APPOINTMENT_REQUESTED, data: requestedAppointment({ notifyUser: false, citizen: { isForeignCitizen: true, passportNumber: 'AB1234567', firstName: 'John', lastName: 'Smith', phone: '+37360000000' } }) };
      spec.given([withoutEmail]).when({ type: 'cancel', appointmentId: 'a1', actor: institution, notifyUser: true, at: beforeDeadline }).thenMatches(([event]) => {
        if (event.type !== APPOINTMENT_CANCELED || event.data.notifyUser || 'email' in event.data.citizen) throw new Error('expected no notification');
      });
    });
    it('refuses an appointment already canceled', () =>
      spec.given([requested, canceledBy('canceled', 'demo-institution', beforeDeadline, true)]).when({ type: 'cancel', appointmentId: 'a1', actor: institution, notifyUser: true, at: beforeDeadline }).thenThrows(AppointmentRuleError, /appointmentAlreadyCanceled/));
    it('refuses an appointment that has started', () =>
      spec.given([requested, confirmed]).when({ type: 'cancel', appointmentId: 'a1', actor: institution, notifyUser: true, at: '2026-01-15T07:30:00.000Z' }).thenThrows(AppointmentRuleError, /appointmentStarted/));
    it('refuses a client of another organization', () =>
      spec.given([requested]).when({ type: 'cancel', appointmentId: 'a1', actor: { clientId: 'x', organizationIdno: '1002600000011' }, notifyUser: true, at: beforeDeadline }).thenThrows(AppointmentRuleError, /appointmentNotYours/));
  });

  describe('expire (the scheduler)', () => {
    const after = '2026-01-13T08:00:00.000Z';
    it('cancels a waiting appointment as expired once its deadline has passed', () =>
      spec.given([requested]).when({ type: 'expire', appointmentId: 'a1', at: after }).then([canceledBy('expired', 'booking-scheduler', after, true)]));
    it('does nothing before the deadline, to a scheduled or canceled appointment, or to an unknown one', () => {
      spec.given([requested]).when({ type: 'expire', appointmentId: 'a1', at: beforeDeadline }).then([]);
      spec.given([requested, confirmed]).when({ type: 'expire', appointmentId: 'a1', at: after }).then([]);
      spec.given([requested, canceledBy('canceled', 'demo-institution', beforeDeadline, true)]).when({ type: 'expire', appointmentId: 'a1', at: after }).then([]);
      spec.given([]).when({ type: 'expire', appointmentId: 'a1', at: after }).then([]);
    });
    it('never expires an isEvo appointment (it has no deadline)', () => {
      const evo: AppointmentEvent = { type: APPOINTMENT_REQUESTED, data: requestedAppointment({ isEvo: true, status: 'Scheduled', confirmationDeadline: null, hoursUntilConfirmationDeadline: 0 }) };
      spec.given([evo]).when({ type: 'expire', appointmentId: 'a1', at: after }).then([]);
      spec.given([evo]).when({ type: 'confirm', appointmentId: 'a1', actor: institution, at: after }).thenThrows(AppointmentRuleError, /appointmentAlreadyScheduled/);
    });
  });
});
