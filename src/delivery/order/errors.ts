import type { DeliveryStatus } from './statuses';

/** The order aggregate's named errors (problems.ts makes them problems). */
export class OrderNotFoundError extends Error {
  constructor(readonly serviceID: string, readonly orderID: string) {
    super(`service ${serviceID} has no order ${orderID}`);
    this.name = 'OrderNotFoundError';
  }
}

export class OrderAlreadyRegisteredError extends Error {
  constructor(readonly serviceID: string, readonly orderID: string) {
    super(`service ${serviceID} already has an order ${orderID} with other details`);
    this.name = 'OrderAlreadyRegisteredError';
  }
}

/** Details that fit the schema but not together (a deadline before the order was submitted). */
export class InvalidOrderError extends Error {
  constructor(readonly fieldErrors: Record<string, string[]>) {
    super(`the order's details do not hold together: ${Object.entries(fieldErrors).map(([field, messages]) => `${field} ${messages.join(', ')}`).join('; ')}`);
    this.name = 'InvalidOrderError';
  }
}

/** A status that may not follow the order's current one, or that its sender may not set. */
export class IllegalStatusMoveError extends Error {
  constructor(readonly from: DeliveryStatus, readonly to: DeliveryStatus, readonly reason: string) {
    super(reason);
    this.name = 'IllegalStatusMoveError';
  }
}
