import type { CarrierDetails } from '../order/events';
import type { OrderDetails, Product, Receiver } from '../order/order-details';

/** Bodies of the status operations and status reports; an order with 100 products fits in the larger limit. */
export const STATUS_BODY_LIMIT = 16 * 1024;
export const ORDER_BODY_LIMIT = 256 * 1024;

/** A validated RFC 3339 date-time as the service keeps it: the UTC instant. */
export const utc = (dateTime: string) => new Date(dateTime).toISOString();

export type OrderInput = Omit<OrderDetails, 'receiver' | 'products'> & { serviceID: string; id: string; receiver: Receiver; products: Product[] };

/** The order's details from a validated body: dates in UTC. */
export function detailsOf(input: OrderInput): OrderDetails {
  const { serviceID: _serviceID, id: _id, orderSubmittedAt, deliveryAcceptedUntil, estimatedReadyAt, ...rest } = input;
  return { ...rest, orderSubmittedAt: utc(orderSubmittedAt), deliveryAcceptedUntil: utc(deliveryAcceptedUntil), estimatedReadyAt: utc(estimatedReadyAt) };
}

export type StatusUpdateInput = { status: string; message?: string } & CarrierDetails;

/** The carrier's data of a validated status push: estimates in UTC. */
export function carrierOf(input: StatusUpdateInput): CarrierDetails {
  const { carrierName, trackingID, carrierEstimatedDeliveryStart, carrierEstimatedDeliveryEnd, carrierCost } = input;
  return {
    carrierName,
    trackingID,
    ...(carrierEstimatedDeliveryStart !== undefined && { carrierEstimatedDeliveryStart: utc(carrierEstimatedDeliveryStart) }),
    ...(carrierEstimatedDeliveryEnd !== undefined && { carrierEstimatedDeliveryEnd: utc(carrierEstimatedDeliveryEnd) }),
    ...(carrierCost !== undefined && { carrierCost }),
  };
}
