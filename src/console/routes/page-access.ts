import type { RequestHandler } from 'express';
import { forbidden } from '../../platform/errors';
import { clientOf } from '../../platform/http/service-auth';
import { mayOpen, rightName, type ConsolePage } from '../rights';

/** 403 for a client without the page's registry right, saying which right it lacks. */
export function requirePage(page: ConsolePage): RequestHandler {
  return (_request, response, next) => {
    const client = clientOf(response);
    if (mayOpen(client, page)) return next();
    next(forbidden(`client ${client.id} may not open the console's ${page} page: it needs the registry right "${rightName(page)}" (docs/console.md)`));
  };
}
