import { createHash } from 'node:crypto';

/**
 * One stream per order, named by a hash of its service and order ids: an order id is the provider's
 * text, so it is kept out of stream ids (which appear in logs and the audit trail), and the id stays short.
 */
export const toOrderStreamId = (serviceID: string, orderID: string) => `delivery-order-${keyHash(serviceID, orderID)}`;

export function keyHash(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 40);
}
