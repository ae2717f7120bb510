import { hasRight, type ClientDefinition, type ClientRegistry } from '../platform/identity/client-registry';
import { DELIVERY_SERVICE } from './service';

/**
 * Rights in the client registry ("rights": { "delivery": [...] }), one per service a client acts for:
 *   "platform:<serviceID>"  the delivery platform: may call the three operations of the seed for that service
 *   "provider:<serviceID>"  the provider's system: registers the service's orders and reports their statuses
 * "platform:*" and "provider:*" stand for every service ("*" alone, for every right).
 */
export type DeliveryRole = 'platform' | 'provider';

export class ServiceNotAllowedError extends Error {
  constructor(readonly clientId: string, readonly role: DeliveryRole, readonly serviceID: string) {
    super(`client ${clientId} may not act as ${role === 'platform' ? 'the delivery platform' : 'the provider'} of service ${serviceID} (right ${role}:${serviceID})`);
    this.name = 'ServiceNotAllowedError';
  }
}

/** A service no provider system is registered for: nobody can have orders of it. */
export class UnknownServiceError extends Error {
  constructor(readonly serviceID: string) {
    super(`no provider system is registered for service ${serviceID}`);
    this.name = 'UnknownServiceError';
  }
}

export function mayAct(client: ClientDefinition, role: DeliveryRole, serviceID: string): boolean {
  return hasRight(client, DELIVERY_SERVICE, `${role}:${serviceID}`) || hasRight(client, DELIVERY_SERVICE, `${role}:*`);
}

/** 403 unless the client holds the right for this service; 404 for a service with no provider at all. */
export function checkActsFor(registry: ClientRegistry, client: ClientDefinition, role: DeliveryRole, serviceID: string): void {
  if (!mayAct(client, role, serviceID)) throw new ServiceNotAllowedError(client.id, role, serviceID);
  if (role === 'platform' && !registry.clients.some((candidate) => mayAct(candidate, 'provider', serviceID))) throw new UnknownServiceError(serviceID);
}
