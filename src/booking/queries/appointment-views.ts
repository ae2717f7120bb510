import type { AppointmentDocument } from '../../../projections/booking/appointments';
import type { Language } from '../messages';
import { resourceDto, type Resource } from '../reference/definitions';
import { nameUuid } from '../service';
import { formatWithOffset } from '../../platform/time/zoned-time';

/** The v2 appointment models, from the appointments read model. Slot times carry the location's UTC offset. */
const slotOf = (document: AppointmentDocument) => ({
  start: formatWithOffset(new Date(document.slotStart), document.timeZone),
  end: formatWithOffset(new Date(document.slotEnd), document.timeZone),
});

export function textIn(resource: Resource | null | undefined, language: Language): string | null {
  return resource?.[language] ?? resource?.ro ?? null;
}

/** AppointmentsListResponseModel */
export function listModel(document: AppointmentDocument, language: Language) {
  return {
    id: document._id,
    code: document.code,
    userIdentifier: document.userIdentifier,
    isForeignCitizen: document.citizen.isForeignCitizen,
    firstName: document.citizen.firstName,
    lastName: document.citizen.lastName,
    status: document.status,
    serviceCode: document.serviceCode,
    organization: textIn(document.organizationName, language),
    slot: slotOf(document),
    calendar: resourceDto(document.calendarName),
    service: resourceDto(document.calendarName),
    calendarLocation: resourceDto(document.calendarLocationName),
    locationCoordinatesUrl: document.locationCoordinatesUrl,
    locationAddress: document.locationAddress,
    requestOption: resourceDto(document.requestOption?.name),
    relatedOption: resourceDto(document.relatedOption?.name),
  };
}

/** AppointmentPublicModel: no data about the citizen. */
export function publicModel(document: AppointmentDocument) {
  return {
    id: document._id,
    code: document.code,
    status: document.status,
    slot: slotOf(document),
    calendar: resourceDto(document.calendarName),
    service: resourceDto(document.calendarName),
    calendarLocation: resourceDto(document.calendarLocationName),
    requestOption: resourceDto(document.requestOption?.name),
    relatedOption: resourceDto(document.relatedOption?.name),
  };
}

/** AppointmentModel with its one attendee (AttendeeModel; `indp` is the seed's spelling). */
export function detailedModel(document: AppointmentDocument) {
  const { citizen } = document;
  return {
    id: document._id,
    code: document.code,
    status: document.status,
    comment: null,
    reason: document.cancelReason,
    notes: null,
    calendarId: document.calendarId,
    calendarName: resourceDto(document.calendarName),
    serviceId: document.calendarId,
    serviceName: resourceDto(document.calendarName),
    serviceDescription: resourceDto(document.serviceDescription),
    serviceDocuments: resourceDto(document.serviceDocuments),
    calendarLocationId: document.calendarLocationId,
    calendarLocationName: resourceDto(document.calendarLocationName),
    locationCoordinatesUrl: document.locationCoordinatesUrl,
    locationAddress: document.locationAddress,
    slotId: nameUuid('slot', document.calendarLocationId, document.slotStart),
    requestOptionId: document.requestOption?.id ?? null,
    relatedOptionId: document.relatedOption?.id ?? null,
    slot: slotOf(document),
    attendees: [
      {
        id: nameUuid('attendee', document._id),
        appointmentId: document._id,
        calendarId: document.calendarId,
        userId: null,
        status: document.status,
        hasAttended: false,
        passportNumber: citizen.passportNumber ?? null,
        indp: citizen.idnp ?? null,
        firstName: citizen.firstName,
        lastName: citizen.lastName,
        email: citizen.email ?? null,
        phone: citizen.phone,
        residenceAddress: citizen.residenceAddress ?? null,
      },
    ],
    residenceAddress: citizen.residenceAddress ?? null,
  };
}
