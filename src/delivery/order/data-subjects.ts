import { ORDER_REGISTERED } from './events';
import { dataSubjectsOf, type OrderDetails } from './order-details';

/**
 * Whom an order's event (as the log holds it) names, for whoever reads the event itself (an auditor): the
 * receiver (a person's IDNP or an organization's IDNO) and, in the order's details, the holders of its
 * documents, as the service's own reads of an order log them (receiver-data-access.ts).
 */
export function orderEventSubjects(type: string, data: unknown): string[] {
  const { details, receiver } = (data ?? {}) as { details?: Partial<OrderDetails>; receiver?: { id?: unknown } };
  if (type === ORDER_REGISTERED) return details?.receiver && Array.isArray(details.products) ? dataSubjectsOf(details as OrderDetails) : [];
  return typeof receiver?.id === 'string' ? [receiver.id] : [];
}
