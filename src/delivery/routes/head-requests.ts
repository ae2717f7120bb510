import type { RequestHandler } from 'express';
import { ProblemError } from '../../platform/errors';

/**
 * HEAD is refused (405) on every path of the service. Express answers HEAD with the GET route, which here
 * has effects: the changes operation would record its page as delivered without a body reaching the caller,
 * and a read of an order would be logged as an access to the receiver's data nobody was shown.
 */
export const refuseHead: RequestHandler = (request, _response, next) => {
  if (request.method !== 'HEAD') return next();
  next(new ProblemError(405, 'Method Not Allowed', 'HEAD is not answered here: use GET', undefined, { allow: 'GET' }));
};
