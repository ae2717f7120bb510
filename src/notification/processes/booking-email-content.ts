import { escapeHtml } from '../template/html';
import type { Content, Language } from '../vocabulary';

/**
 * The citizen's e-mails about an appointment (event contract of the booking service), in the
 * appointment's language. Subjects stay within the seed's 41 characters for e-mail.
 */
type Localized = string | { ro?: string; ru?: string; en?: string } | undefined;
type Slot = { start?: string; end?: string } | undefined;

export type AppointmentRequestedData = {
  appointmentId: string;
  code?: string;
  status?: 'Waiting' | 'Scheduled';
  citizen: { firstName?: string; lastName?: string; email?: string };
  organizationName?: Localized;
  locationName?: Localized;
  locationAddress?: string;
  calendarName?: Localized;
  slot?: Slot;
  confirmationDeadline?: string | null;
};

/** code, organizationName and locationAddress are in canceled events since they were added (older ones lack them) */
export type AppointmentCanceledData = {
  appointmentId: string;
  code?: string;
  reason?: 'canceled' | 'expired';
  citizen: { firstName?: string; lastName?: string; email?: string };
  organizationName?: Localized;
  locationName?: Localized;
  locationAddress?: string;
  calendarName?: Localized;
  slot?: Slot;
};

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

export function requestedEmail(data: AppointmentRequestedData, language: Language): Content {
  const kind = data.status === 'Waiting' ? 'waiting' : 'scheduled';
  const details: Detail[] = [
    ...appointmentDetails(data, language),
    ...(kind === 'waiting' && data.confirmationDeadline ? ([['confirmBy', moment(data.confirmationDeadline)]] as Detail[]) : []),
  ];
  return email(SUBJECTS[kind], data.citizen, WORDS[kind], details, language);
}

export function canceledEmail(data: AppointmentCanceledData, language: Language): Content {
  const kind = data.reason === 'expired' ? 'expired' : 'canceled';
  return email(SUBJECTS[kind], data.citizen, WORDS[kind], appointmentDetails(data, language), language);
}

/** What every e-mail about an appointment names: the service, where, when, and its code. */
function appointmentDetails(data: AppointmentRequestedData | AppointmentCanceledData, language: Language): Detail[] {
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
): Content {
  const name = [citizen.firstName, citizen.lastName].filter(Boolean).join(' ');
  const rows = details.filter(([, value]) => value).map(([label, value]) => [WORDS[label][language], value!] as const);
  const html = `<p>${escapeHtml(`${WORDS.greeting[language]} ${name},`)}</p><p>${escapeHtml(lead[language])}</p><ul>${rows
    .map(([label, value]) => `<li>${escapeHtml(label)}: ${escapeHtml(value)}</li>`)
    .join('')}</ul>`;
  const short = `${lead[language]} ${rows.map(([label, value]) => `${label}: ${value}`).join('; ')}`;
  // Ro is required by the contract; the citizen's language is what the message uses
  const text = (value: string, ro: string) => ({ Ro: language === 'ro' ? value : ro, ...(language === 'ru' ? { Ru: value } : {}), ...(language === 'en' ? { En: value } : {}) });
  return { Subject: text(subject[language], subject.ro), Body: text(html, html), BodyShort: text(short, short) };
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
