import type { CarrierDetails, TimedRule } from './events';
import type { OrderDetails } from './order-details';
import type { DeliveryStatus, StatusSetter } from './statuses';

type OrderKey = { serviceID: string; orderID: string };

export type RegisterOrder = OrderKey & { type: 'RegisterOrder'; details: OrderDetails; by: string; at: string };

export type SetStatus = OrderKey & {
  type: 'SetStatus';
  status: DeliveryStatus;
  setBy: StatusSetter;
  message?: string;
  carrier?: CarrierDetails;
  by: string;
  at: string;
  /** working days the carrier has to pick an order up once it is Ready (settings) */
  pickupWorkingDays: number;
};

/** A timed rule found due by the sweep; it applies only if it still holds when decided. */
export type ExpireOrder = OrderKey & { type: 'ExpireOrder'; rule: TimedRule; by: string; at: string };

export type OrderCommand = RegisterOrder | SetStatus | ExpireOrder;
