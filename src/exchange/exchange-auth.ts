import type { RequestHandler, Response } from 'express';
import { badRequest, unauthorized } from '../platform/errors';
import { identifyCaller, type CallerIdentity } from '../platform/identity/authenticate';
import type { ClientDefinition, ClientRegistry } from '../platform/identity/client-registry';
import { isExchangeClient } from './exchange-rights';

/** The exchange's identity rule: no certificate is a malformed request (400); any other failure is 401. */
export function identityProblem(identity: CallerIdentity) {
  switch (identity.kind) {
    case 'client':
      return null;
    case 'anonymous':
      return badRequest('a client certificate is required');
    case 'untrusted':
      return unauthorized(`the client certificate is not trusted: ${identity.reason}`);
    case 'unregistered':
      return unauthorized(`the client certificate${identity.commonName ? ` (${identity.commonName})` : ''} is not registered`);
  }
}

/** The exchange's routes under Express (consumers, tools): a registered producer or consumer, else 400 or 401. */
export function requireExchangeClient(registry: ClientRegistry): RequestHandler {
  return (request, response, next) => {
    const identity = identifyCaller(request, registry);
    const problem = identityProblem(identity);
    if (problem) return next(problem);
    const client = (identity as { client: ClientDefinition }).client;
    if (!isExchangeClient(client)) return next(unauthorized(`client ${client.id} is registered neither as a producer nor as a consumer of the exchange`));
    response.locals.client = client;
    next();
  };
}

export function callerOf(response: Response): ClientDefinition {
  return response.locals.client as ClientDefinition;
}
