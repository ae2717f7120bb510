import type { StoredEvent } from '../../platform/event-store/event-store';
import type { Notice, NoticeSource } from '../../platform/notices';
import { ORDER_STATUS_CHANGED, type OrderStatusChanged } from '../order/events';
import { DELIVERY_SERVICE, DELIVERY_STREAMS } from '../service';
import { filled, NOTICE_TEXTS } from './notice-texts';

/**
 * What the receiver of an order is told (the notification service sends it through the log): each
 * status they care about (NOTICE_TEXTS), once, when the order moves to it; a second Problem is a new
 * problem and is told too. The receiver is reached by IDNP or IDNO (cabinet, and the contacts the
 * registries hold) and at the e-mail the order gave, if any.
 */
export function noticesOf(event: StoredEvent): Notice[] {
  if (event.event.type !== ORDER_STATUS_CHANGED) return [];
  const change = event.event.data as OrderStatusChanged['data'];
  const texts = NOTICE_TEXTS[change.to];
  if (!texts || (change.from === change.to && change.to !== 'Problem')) return [];
  const { receiver } = change;
  return [
    {
      key: `delivery-${event.event.id}`,
      recipients: [{ type: receiver.type === 'Person' ? 'IDNP' : 'IDNO', value: receiver.id }, ...(receiver.email ? [{ type: 'Email' as const, value: receiver.email }] : [])],
      ...filled(texts, change.orderID, change.message),
      priority: change.to === 'Problem' ? 'High' : 'Medium',
    },
  ];
}

export const deliveryNotices: NoticeSource = {
  name: 'delivery-receiver-notices',
  sender: DELIVERY_SERVICE,
  follows: { streamPrefix: DELIVERY_STREAMS, types: [ORDER_STATUS_CHANGED] },
  noticesOf,
};
