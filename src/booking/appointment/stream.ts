import { BOOKING_STREAMS } from '../service';

export const toAppointmentStreamId = (appointmentId: string) => `${BOOKING_STREAMS}appointment-${appointmentId}`;
