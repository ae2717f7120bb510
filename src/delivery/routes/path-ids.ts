import type { Request } from 'express';

/** A service or order id in a path that no order can have. */
export class InvalidIdentifierError extends Error {
  constructor(readonly parameter: string) {
    super(`${parameter} must be 1 to 100 letters, digits, '-', '_' or '.'`);
    this.name = 'InvalidIdentifierError';
  }
}

/** What a serviceID or orderID may be: text that is safe in a path segment, bounded. */
export const IDENTIFIER = /^[A-Za-z0-9._-]{1,100}$/;

export function identifierParam(request: Request, name: 'serviceID' | 'orderID'): string {
  const value = request.params[name];
  if (typeof value !== 'string' || !IDENTIFIER.test(value)) throw new InvalidIdentifierError(name);
  return value;
}

export const orderPath = (serviceID: string, orderID: string) => `/api/v1/delivery-orders/${serviceID}/${orderID}`;
