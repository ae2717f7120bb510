import type { AppointmentRequested } from './events';

/**
 * Who acts: a client of one organization (its registry IDNO) or, with the right to act for every
 * organization, a platform-wide client (organizationIdno null).
 */
export type Actor = { clientId: string; organizationIdno: string | null };

export type RequestAppointment = { type: 'request'; data: AppointmentRequested };
export type ConfirmAppointment = { type: 'confirm'; appointmentId: string; actor: Actor; at: string };
export type CancelAppointment = { type: 'cancel'; appointmentId: string; actor: Actor; notifyUser: boolean; at: string };
/** sent by the scheduler once the confirmation deadline has passed */
export type ExpireAppointment = { type: 'expire'; appointmentId: string; at: string };

export type AppointmentCommand = RequestAppointment | ConfirmAppointment | CancelAppointment | ExpireAppointment;
