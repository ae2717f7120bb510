import { createHash } from 'node:crypto';
import type { StoredEvent } from '../../platform/event-store/event-store';
import { ProblemError } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { NotificationAlreadyExistsError } from '../notification/decider';
import { EMAIL } from '../notification/limits';
import type { NotificationHandler } from '../handlers/notification-handler';
import { LANGUAGES, type Language } from '../vocabulary';
import { canceledEmail, requestedEmail, type AppointmentCanceledData, type AppointmentRequestedData } from './booking-email-content';

export const APPOINTMENT_REQUESTED = 'md.gov.booking.appointment.requested.v1';
export const APPOINTMENT_CANCELED = 'md.gov.booking.appointment.canceled.v1';
export const BOOKING_SOURCE = 'urn:md:gov:booking';
/** the booking service's streams, where its own events are */
export const BOOKING_STREAMS = 'booking-';
export const BOOKING_SENDER = 'booking';

/**
 * Booking events -> the citizen's e-mail, when notifyUser is true and the citizen gave an e-mail.
 * The notification id is derived from the booking event (source + id): a second attempt for the same
 * event, after a crash before the checkpoint was saved, finds the notification already there and
 * sends nothing. Once per event, across restarts.
 */
export function bookingEmailHandler(notifications: NotificationHandler, logger: Logger) {
  return async (stored: StoredEvent) => {
    const { event } = stored;
    if (event.source !== BOOKING_SOURCE) return;
    const data = event.data as (AppointmentRequestedData | AppointmentCanceledData) & { notifyUser?: boolean; language?: string };
    const address = data?.citizen?.email;
    if (data?.notifyUser !== true || typeof address !== 'string') return;
    if (!EMAIL.test(address)) {
      logger.warn({ appointmentId: data.appointmentId, eventId: event.id }, 'booking event names an e-mail address that is not one; no e-mail sent');
      return;
    }
    const language: Language = (LANGUAGES as readonly string[]).includes(data.language ?? '') ? (data.language as Language) : 'ro';
    const content = event.type === APPOINTMENT_CANCELED ? canceledEmail(data as AppointmentCanceledData, language) : requestedEmail(data as AppointmentRequestedData, language);
    try {
      await notifications.accept(
        { ...content, Priority: 'High', Recipients: [{ Value: address, Type: 'Email' }] },
        { id: BOOKING_SENDER },
        { notificationId: uuidFrom(`${event.source}\n${event.id}`), language },
      );
    } catch (error) {
      if (error instanceof NotificationAlreadyExistsError) return;
      // an event the contract allows but the limits refuse would fail the same way every time
      if (error instanceof ProblemError && error.status === 400) {
        logger.warn({ eventId: event.id, detail: error.detail }, 'booking e-mail refused by the notification limits; not sent');
        return;
      }
      throw error;
    }
  };
}

/** A UUID (version 8, name-based) from a key: the same booking event always gives the same notification. */
export function uuidFrom(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
