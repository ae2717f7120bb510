import type { RequestHandler, Response } from 'express';
import { forbidden, unauthorized } from '../errors';
import { identifyCaller } from '../identity/authenticate';
import { hasRight, type ClientDefinition, type ClientRegistry } from '../identity/client-registry';

/**
 * Identity for the services other than the exchange: a caller that cannot be identified gets 401
 * (no certificate, untrusted, unregistered); an identified caller without the right gets 403.
 * Rights are per service in the registry: "rights": { "<service>": ["<right>", ...] } ("*" = all).
 */
export function requireServiceClient(registry: ClientRegistry): RequestHandler {
  return (request, response, next) => {
    const identity = identifyCaller(request, registry);
    if (identity.kind !== 'client') {
      const reason =
        identity.kind === 'anonymous' ? 'a client certificate is required' : identity.kind === 'untrusted' ? 'the client certificate is not trusted' : 'the client certificate is not registered';
      return next(unauthorized(`the client could not be identified: ${reason}`));
    }
    response.locals.client = identity.client;
    next();
  };
}

/** `action`: what the right lets a client do, as the refusal says it ("may not <action> in <service>"); the right itself by default. */
export function requireRight(service: string, right: string, action = right): RequestHandler {
  return (_request, response, next) => {
    const client = response.locals.client as ClientDefinition | undefined;
    if (!client) return next(unauthorized('the client could not be identified'));
    if (!hasRight(client, service, right)) return next(forbidden(`client ${client.id} may not ${action} in ${service}`));
    next();
  };
}

export function clientOf(response: Response): ClientDefinition {
  return response.locals.client as ClientDefinition;
}
