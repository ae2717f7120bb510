import type { Request, RequestHandler, Response } from 'express';
import { route } from '../../platform/http/problem';
import { toNotificationProblem } from '../problems';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string) => UUID.test(value);

/** The :id path parameter, in the lower case ids are stored in. */
export const idParam = (request: Request) => String(request.params.id).toLowerCase();

/** An async handler whose named business errors become problem details. */
export function handled(handler: (request: Request, response: Response) => Promise<void>): RequestHandler {
  return route(async (request, response, next) => {
    try {
      await handler(request, response);
    } catch (error) {
      next(toNotificationProblem(error));
    }
  });
}

/** The seed's operations answer a bare UUID: sent as a JSON string. */
export function sendId(response: Response, id: string) {
  response.status(200).json(id);
}
