import { escapeHtml, type NoticeText } from '../../platform/notices';
import type { DeliveryStatus } from '../order/statuses';

type Texts = { subject: NoticeText; body: NoticeText };

/**
 * What a receiver is told of a status, in Romanian, Russian and English. `{order}` is the order's id and
 * `{message}` the status details (a sentence of its own, or nothing). Statuses not listed tell the
 * receiver nothing they need: Unknown, AwaitingPayment and Confirmed are their own doing at the delivery
 * platform, which tells them itself; Processing and AwaitingPickup are steps inside the provider and the carrier.
 */
export const NOTICE_TEXTS: Partial<Record<DeliveryStatus, Texts>> = {
  Paid: {
    subject: { ro: 'Livrarea a fost achitată', ru: 'Доставка оплачена', en: 'Your delivery is paid' },
    body: { ro: 'Plata pentru livrarea comenzii {order} a fost confirmată.{message}', ru: 'Оплата доставки заказа {order} подтверждена.{message}', en: 'The payment for the delivery of order {order} is confirmed.{message}' },
  },
  Ready: {
    subject: { ro: 'Comanda este gata de expediere', ru: 'Заказ готов к отправке', en: 'Your order is ready to ship' },
    body: { ro: 'Comanda {order} este gata și așteaptă curierul.{message}', ru: 'Заказ {order} готов и ожидает курьера.{message}', en: 'Order {order} is ready and waits for the carrier.{message}' },
  },
  Delivering: {
    subject: { ro: 'Comanda este în curs de livrare', ru: 'Заказ в пути', en: 'Your order is on its way' },
    body: { ro: 'Curierul a preluat comanda {order} și o livrează.{message}', ru: 'Курьер забрал заказ {order} и доставляет его.{message}', en: 'The carrier picked up order {order} and is delivering it.{message}' },
  },
  Delivered: {
    subject: { ro: 'Comanda a fost livrată', ru: 'Заказ доставлен', en: 'Your order was delivered' },
    body: { ro: 'Comanda {order} a fost livrată.{message}', ru: 'Заказ {order} доставлен.{message}', en: 'Order {order} was delivered.{message}' },
  },
  Problem: {
    subject: { ro: 'Problemă la livrarea comenzii', ru: 'Проблема с доставкой заказа', en: 'A problem with your delivery' },
    body: { ro: 'A apărut o problemă la livrarea comenzii {order}.{message}', ru: 'При доставке заказа {order} возникла проблема.{message}', en: 'A problem occurred with the delivery of order {order}.{message}' },
  },
  Returning: {
    subject: { ro: 'Comanda se întoarce la furnizor', ru: 'Заказ возвращается поставщику', en: 'Your order is being returned' },
    body: { ro: 'Comanda {order} nu a fost livrată și se întoarce la furnizor.{message}', ru: 'Заказ {order} не доставлен и возвращается поставщику.{message}', en: 'Order {order} was not delivered and is going back to the provider.{message}' },
  },
  Returned: {
    subject: { ro: 'Comanda a fost returnată', ru: 'Заказ возвращён', en: 'Your order was returned' },
    body: { ro: 'Comanda {order} a fost returnată furnizorului.{message}', ru: 'Заказ {order} возвращён поставщику.{message}', en: 'Order {order} was returned to the provider.{message}' },
  },
  Cancelled: {
    subject: { ro: 'Comanda a fost anulată', ru: 'Заказ отменён', en: 'Your order was cancelled' },
    body: { ro: 'Comanda {order} a fost anulată; nu va fi livrată.{message}', ru: 'Заказ {order} отменён; он не будет доставлен.{message}', en: 'Order {order} was cancelled; it will not be delivered.{message}' },
  },
  Expired: {
    subject: { ro: 'Comanda a expirat', ru: 'Срок заказа истёк', en: 'Your order expired' },
    body: { ro: 'Comanda {order} a expirat; nu va fi livrată.{message}', ru: 'Срок заказа {order} истёк; он не будет доставлен.{message}', en: 'Order {order} expired; it will not be delivered.{message}' },
  },
};

const SHORT_BODY_LENGTH = 160;

/**
 * The texts filled in: `{order}` with the order's id, `{message}` with the status details after a space.
 * The body is HTML (one paragraph, what the provider or carrier wrote escaped); the short body is plain
 * text of at most 160 characters.
 */
export function filled(texts: Texts, orderID: string, message: string | undefined) {
  const fill = (text: NoticeText, escape: (words: string) => string) =>
    Object.fromEntries(Object.entries(text).map(([language, words]) => [language, escape(words.replace('{order}', orderID).replace('{message}', message ? ` ${message}` : ''))])) as NoticeText;
  const plain = fill(texts.body, (words) => words);
  const short = Object.fromEntries(Object.entries(plain).map(([language, words]) => [language, words.length > SHORT_BODY_LENGTH ? `${words.slice(0, SHORT_BODY_LENGTH - 1)}…` : words])) as NoticeText;
  return { subject: texts.subject, body: fill(texts.body, (words) => `<p>${escapeHtml(words)}</p>`), bodyShort: short };
}
