import type { AppointmentRequested } from '../appointment/events';
import type { AppointmentDraft } from '../request/events';
import type { Resource } from '../reference/definitions';

/** SuccesAppointmentRequestModel (the seed's spelling) and its AppointmentRequestResultModel entries. */
export type AppointmentRequestResultModel = {
  id: string;
  userAccessToken: string | null;
  locationName: Resource;
  locationAddress: string | null;
  email: string | null;
  calendarName: Resource;
  slotStart: string;
  slotEnd: string;
  hoursUntilConfirmationDeadline: number;
};

export type SuccesAppointmentRequestModel = {
  userAccessToken: string | null;
  appointmentRequestResultModels: AppointmentRequestResultModel[];
};

/** The request-level token is the first citizen's: the person who made the request. */
export function successModel(appointments: AppointmentRequested[]): SuccesAppointmentRequestModel {
  return {
    userAccessToken: appointments[0]?.userAccessToken ?? null,
    appointmentRequestResultModels: appointments.map((appointment) => ({
      id: appointment.appointmentId,
      userAccessToken: appointment.userAccessToken,
      locationName: appointment.locationName,
      locationAddress: appointment.locationAddress,
      email: appointment.citizen.email ?? null,
      calendarName: appointment.calendarName,
      slotStart: appointment.slot.start,
      slotEnd: appointment.slot.end,
      hoursUntilConfirmationDeadline: appointment.hoursUntilConfirmationDeadline,
    })),
  };
}

/** The planned appointments with the tokens the answer gave them (how the recovery rolls a request forward). */
export function withTokens(planned: AppointmentDraft[], response: SuccesAppointmentRequestModel): AppointmentRequested[] {
  const tokens = new Map(response.appointmentRequestResultModels.map((result) => [result.id, result.userAccessToken ?? '']));
  return planned.map((appointment) => ({ ...appointment, userAccessToken: tokens.get(appointment.appointmentId) ?? '' }));
}
