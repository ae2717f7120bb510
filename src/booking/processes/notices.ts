import type { StoredEvent } from '../../platform/event-store/event-store';
import type { Logger } from '../../platform/logger';
import { escapeHtml, type Notice, type NoticeSource, type NoticeText } from '../../platform/notices';
import { APPOINTMENT_CANCELED, APPOINTMENT_REQUESTED } from '../appointment/events';
import { BOOKING_SERVICE, BOOKING_SOURCE, BOOKING_STREAMS } from '../service';

/**
 * The citizen's e-mails about an appointment, sent by the notification service: "please confirm" for a
 * Waiting appointment or "booked" for a Scheduled one when it is requested, "canceled" or "expired" when it
 * is canceled; in the appointment's language, when notifyUser is true and the citizen gave an e-mail address.
 */
export const bookingNoticeSource: NoticeSource = {
  // the name of the notification service's booking e-mail process before notices: its checkpoint is kept
  name: 'notification-booking-emails',
  sender: BOOKING_SERVICE,
  follows: { streamPrefix: BOOKING_STREAMS, types: [APPOINTMENT_REQUESTED, APPOINTMENT_CANCELED] },
  noticesOf: appointmentNotices,
};

type Language = NonNullable<Notice['language']>;
type NoticeContent = Pick<Notice, 'subject' | 'body' | 'bodyShort'>;

const LANGUAGES: readonly string[] = ['ro', 'ru', 'en'];
/** an e-mail address as the notification service takes one (seed: characters@characters.characters) */
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

function appointmentNotices({ event }: StoredEvent, logger: Logger): Notice[] {
  if (event.source !== BOOKING_SOURCE) return [];
  const data = event.data as AppointmentData & { notifyUser?: boolean; language?: string };
  const address = data?.citizen?.email;
  if (data?.notifyUser !== true || typeof address !== 'string') return [];
  if (!EMAIL.test(address)) {
    logger.warn({ appointmentId: data.appointmentId, eventId: event.id }, 'booking event names an e-mail address that is not one; no e-mail sent');
    return [];
  }
  const language = LANGUAGES.includes(data.language ?? '') ? (data.language as Language) : 'ro';
  const email = event.type === APPOINTMENT_CANCELED ? canceledEmail(data as AppointmentCanceledData, language) : requestedEmail(data as AppointmentRequestedData, language);
  // the event's source and id: read again, the event gives the same key, so the notification is sent once
  return [{ key: `${event.source}\n${event.id}`, recipients: [{ type: 'Email', value: address }], ...email, language, priority: 'High' }];
}

/** The e-mails' words, from the event data as read from the log. Subjects stay within the seed's 41 characters for e-mail. */
type Localized = string | { ro?: string; ru?: string; en?: string } | undefined;
type Slot = { start?: string; end?: string } | undefined;

/** What every e-mail about an appointment names; canceled events written before code, organizationName and locationAddress were added lack them. */
type AppointmentData = {
  appointmentId: string;
  code?: string;
  citizen: { firstName?: string; lastName?: string; email?: string };
  organizationName?: Localized;
  locationName?: Localized;
  locationAddress?: string;
  calendarName?: Localized;
  slot?: Slot;
};

export type AppointmentRequestedData = AppointmentData & { status?: 'Waiting' | 'Scheduled'; confirmationDeadline?: string | null };
export type AppointmentCanceledData = AppointmentData & { reason?: 'canceled' | 'expired' };

const SUBJECTS = {
  waiting: { ro: 'Confirmați programarea', ru: 'Подтвердите запись', en: 'Please confirm your appointment' },
  scheduled: { ro: 'Programarea a fost înregistrată', ru: 'Ваша запись зарегистрирована', en: 'Your appointment is booked' },
  canceled: { ro: 'Programarea a fost anulată', ru: 'Ваша запись отменена', en: 'Your appointment was canceled' },
  expired: { ro: 'Programarea a expirat', ru: 'Срок вашей записи истёк', en: 'Your appointment has expired' },
};

const WORDS = {
  greeting: { ro: 'Stimate/Stimată', ru: 'Уважаемый(ая)', en: 'Dear' },
  where: { ro: 'Locația', ru: 'Место', en: 'Location' },
  service: { ro: 'Serviciul', ru: 'Услуга', en: 'Service' },
  when: { ro: 'Data și ora', ru: 'Дата и время', en: 'Date and time' },
  code: { ro: 'Codul programării', ru: 'Код записи', en: 'Appointment code' },
  confirmBy: { ro: 'Confirmați până la', ru: 'Подтвердите до', en: 'Confirm by' },
  waiting: { ro: 'Programarea așteaptă confirmarea dvs.', ru: 'Запись ожидает вашего подтверждения.', en: 'Your appointment is waiting for your confirmation.' },
  scheduled: { ro: 'Programarea dvs. a fost înregistrată.', ru: 'Ваша запись зарегистрирована.', en: 'Your appointment has been booked.' },
  canceled: { ro: 'Programarea dvs. a fost anulată.', ru: 'Ваша запись отменена.', en: 'Your appointment has been canceled.' },
  expired: { ro: 'Programarea dvs. a expirat, deoarece nu a fost confirmată la timp.', ru: 'Срок записи истёк: она не была подтверждена вовремя.', en: 'Your appointment expired because it was not confirmed in time.' },
};

type Detail = [keyof typeof WORDS, string | undefined];

export function requestedEmail(data: AppointmentRequestedData, language: Language): NoticeContent {
  const kind = data.status === 'Waiting' ? 'waiting' : 'scheduled';
  const details: Detail[] = [
    ...appointmentDetails(data, language),
    ...(kind === 'waiting' && data.confirmationDeadline ? ([['confirmBy', moment(data.confirmationDeadline)]] as Detail[]) : []),
  ];
  return email(SUBJECTS[kind], data.citizen, WORDS[kind], details, language);
}

export function canceledEmail(data: AppointmentCanceledData, language: Language): NoticeContent {
  const kind = data.reason === 'expired' ? 'expired' : 'canceled';
  return email(SUBJECTS[kind], data.citizen, WORDS[kind], appointmentDetails(data, language), language);
}

/** What every e-mail about an appointment names: the service, where, when, and its code. */
function appointmentDetails(data: AppointmentData, language: Language): Detail[] {
  return [
    ['service', [pick(data.organizationName, language), pick(data.calendarName, language)].filter(Boolean).join(' — ')],
    ['where', [pick(data.locationName, language), data.locationAddress].filter(Boolean).join(', ')],
    ['when', when(data.slot)],
    ['code', data.code],
  ];
}

function email(
  subject: Record<Language, string>,
  citizen: { firstName?: string; lastName?: string },
  lead: Record<Language, string>,
  details: Detail[],
  language: Language,
): NoticeContent {
  const name = [citizen.firstName, citizen.lastName].filter(Boolean).join(' ');
  const rows = details.filter(([, value]) => value).map(([label, value]) => [WORDS[label][language], value!] as const);
  const html = `<p>${escapeHtml(`${WORDS.greeting[language]} ${name},`)}</p><p>${escapeHtml(lead[language])}</p><ul>${rows
    .map(([label, value]) => `<li>${escapeHtml(label)}: ${escapeHtml(value)}</li>`)
    .join('')}</ul>`;
  const short = `${lead[language]} ${rows.map(([label, value]) => `${label}: ${value}`).join('; ')}`;
  // Ro is required by the contract; the citizen's language is what the message uses
  const text = (value: string, ro: string): NoticeText => ({ ro: language === 'ro' ? value : ro, ...(language === 'ru' ? { ru: value } : {}), ...(language === 'en' ? { en: value } : {}) });
  return { subject: text(subject[language], subject.ro), body: text(html, html), bodyShort: text(short, short) };
}

function pick(value: Localized, language: Language): string | undefined {
  if (typeof value === 'string') return value;
  return value?.[language] ?? value?.ro;
}

function when(slot: Slot): string | undefined {
  if (!slot?.start) return undefined;
  return slot.end ? `${moment(slot.start)} – ${moment(slot.end).slice(-5)}` : moment(slot.start);
}

function moment(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('ro-MD', { timeZone: 'Europe/Chisinau', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false }).format(date);
}
