import type { DomainEvent } from '../../platform/decider';
import type { OrderDetails, Receiver } from './order-details';
import type { DeliveryStatus, StatusSetter } from './statuses';

export const ORDER_REGISTERED = 'md.gov.delivery.order.registered.v1';
export const ORDER_STATUS_CHANGED = 'md.gov.delivery.order.status-changed.v1';

/** The provider's system registered an order that may be delivered; its status is Unknown (no delivery yet). */
export type OrderRegistered = DomainEvent<
  typeof ORDER_REGISTERED,
  { serviceID: string; orderID: string; details: OrderDetails; registeredBy: string; registeredAt: string }
>;

/** The carrier's data a status push carries (trackingID is the delivery platform's deliveryID). */
export type CarrierDetails = {
  carrierName: string;
  trackingID: string;
  carrierEstimatedDeliveryStart?: string;
  carrierEstimatedDeliveryEnd?: string;
  carrierCost?: number;
};

/** Why the service itself set a status, on the provider's behalf (timed rules). */
export type TimedRule = 'payment-deadline' | 'pickup-deadline';

/**
 * An order's status was set: moved to another status, or reported again with other details. `number`
 * counts the order's status changes from 1. The receiver is repeated so that a notice can reach them.
 */
export type OrderStatusChanged = DomainEvent<
  typeof ORDER_STATUS_CHANGED,
  {
    serviceID: string;
    orderID: string;
    number: number;
    from: DeliveryStatus;
    to: DeliveryStatus;
    setBy: StatusSetter;
    /** the registry client that sent it, or the service itself for a timed rule */
    changedBy: string;
    changedAt: string;
    message?: string;
    carrier?: CarrierDetails;
    rule?: TimedRule;
    /** set on entering Ready or AwaitingPickup: when the order expires if the carrier has not picked it up */
    pickupDueAt?: string;
    receiver: Pick<Receiver, 'type' | 'id' | 'email'>;
  }
>;

export type OrderEvent = OrderRegistered | OrderStatusChanged;
