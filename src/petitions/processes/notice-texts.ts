import type { NoticeText } from '../../platform/notices';

/**
 * The words of the petition service's notices, in Romanian, Russian and English; {name} is filled in.
 * Subjects stay within the e-mail subject limit of the notification service (41 characters, with a petition
 * number of 15); bodies are HTML.
 */
type Texts = { subject: NoticeText; body: NoticeText; bodyShort: NoticeText };

export const NOTICE_TEXTS = {
  registered: {
    subject: { ro: 'Petiția {petition}: înregistrată', ru: 'Петиция {petition} зарегистрирована', en: 'Petition {petition} registered' },
    body: {
      ro: 'Petiția dvs. nr. {petition} a fost înregistrată de autoritate cu numărul {registration} din {date}. Răspunsul este așteptat până la {due}.',
      ru: 'Ваша петиция № {petition} зарегистрирована органом под номером {registration} от {date}. Ответ ожидается до {due}.',
      en: 'Your petition {petition} was registered by the authority under number {registration} on {date}. The answer is due by {due}.',
    },
    bodyShort: { ro: 'Petiția {petition}: nr. de înregistrare {registration}, răspuns până la {due}.', ru: 'Петиция {petition}: рег. номер {registration}, ответ до {due}.', en: 'Petition {petition}: registration number {registration}, answer due by {due}.' },
  },
  termExtended: {
    subject: { ro: 'Petiția {petition}: termen prelungit', ru: 'Петиция {petition}: срок продлён', en: 'Petition {petition}: term extended' },
    body: {
      ro: 'Termenul de examinare a petiției dvs. nr. {petition} a fost prelungit până la {due} prin decizia nr. {decision}. Motivul: {reason}. Decizia poate fi descărcată.',
      ru: 'Срок рассмотрения вашей петиции № {petition} продлён до {due} решением № {decision}. Причина: {reason}. Решение можно скачать.',
      en: 'The term for examining your petition {petition} was extended to {due} by decision {decision}. Reason: {reason}. The decision can be downloaded.',
    },
    bodyShort: { ro: 'Petiția {petition}: termen prelungit până la {due}.', ru: 'Петиция {petition}: срок продлён до {due}.', en: 'Petition {petition}: term extended to {due}.' },
  },
  redirected: {
    subject: { ro: 'Petiția {petition} redirecționată', ru: 'Петиция {petition} перенаправлена', en: 'Petition {petition} redirected' },
    body: {
      ro: 'Petiția dvs. nr. {petition} a fost expediată autorității competente (IDNO {authority}). Motivul: {reason}. Termenele curg de la {date}.',
      ru: 'Ваша петиция № {petition} направлена в компетентный орган (IDNO {authority}). Причина: {reason}. Сроки исчисляются с {date}.',
      en: 'Your petition {petition} was sent to the competent authority (IDNO {authority}). Reason: {reason}. Its terms run from {date}.',
    },
    bodyShort: { ro: 'Petiția {petition} a fost redirecționată către IDNO {authority}.', ru: 'Петиция {petition} перенаправлена в IDNO {authority}.', en: 'Petition {petition} was redirected to IDNO {authority}.' },
  },
  closed: {
    subject: { ro: 'Răspuns la petiția {petition}', ru: 'Ответ на петицию {petition}', en: 'Answer to petition {petition}' },
    body: {
      ro: 'Autoritatea a răspuns la petiția dvs. nr. {petition} (nr. de ieșire {exit} din {date}). Răspunsul poate fi descărcat.',
      ru: 'Орган ответил на вашу петицию № {petition} (исх. № {exit} от {date}). Ответ можно скачать.',
      en: 'The authority answered your petition {petition} (outgoing number {exit} of {date}). The answer can be downloaded.',
    },
    bodyShort: { ro: 'Petiția {petition} a primit răspuns (nr. {exit}).', ru: 'На петицию {petition} дан ответ (№ {exit}).', en: 'Petition {petition} was answered (no. {exit}).' },
  },
  deadlineApproaching: {
    subject: { ro: 'Petiția {petition}: termen aproape', ru: 'Петиция {petition}: срок истекает', en: 'Petition {petition} due soon' },
    body: {
      ro: 'Termenul de răspuns la petiția nr. {petition}, pentru care sunteți responsabil(ă), expiră la {due}.',
      ru: 'Срок ответа на петицию № {petition}, за которую вы отвечаете, истекает {due}.',
      en: 'The answer to petition {petition}, for which you are responsible, is due by {due}.',
    },
    bodyShort: { ro: 'Petiția {petition}: răspuns până la {due}.', ru: 'Петиция {petition}: ответ до {due}.', en: 'Petition {petition}: answer due by {due}.' },
  },
  deadlinePassed: {
    subject: { ro: 'Petiția {petition}: termen expirat', ru: 'Петиция {petition}: срок истёк', en: 'Petition {petition} overdue' },
    body: {
      ro: 'Termenul de răspuns la petiția nr. {petition}, pentru care sunteți responsabil(ă), a expirat la {due} fără răspuns.',
      ru: 'Срок ответа на петицию № {petition}, за которую вы отвечаете, истёк {due}, ответа нет.',
      en: 'The answer to petition {petition}, for which you are responsible, was due by {due} and has not been given.',
    },
    bodyShort: { ro: 'Petiția {petition}: termen expirat la {due}.', ru: 'Петиция {petition}: срок истёк {due}.', en: 'Petition {petition}: overdue since {due}.' },
  },
} satisfies Record<string, Texts>;

/** The texts with their placeholders filled in; in the HTML body, what people typed (a reason) is escaped. */
export function filled(texts: Texts, values: Record<string, string>): Texts {
  const fill = (text: NoticeText, value: (name: string) => string): NoticeText =>
    Object.fromEntries(Object.entries(text).map(([language, words]) => [language, words.replace(/\{(\w+)\}/g, (_, name: string) => value(name))])) as NoticeText;
  const plain = (name: string) => values[name] ?? '';
  const body = fill(texts.body, (name) => escapeHtml(plain(name)));
  return { subject: fill(texts.subject, plain), body: Object.fromEntries(Object.entries(body).map(([language, html]) => [language, `<p>${html}</p>`])) as NoticeText, bodyShort: fill(texts.bodyShort, plain) };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]);

/** '2026-05-04' as it is written in Moldova: 04.05.2026. */
export const localDate = (date: string) => date.split('-').reverse().join('.');
