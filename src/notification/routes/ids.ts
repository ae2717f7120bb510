import type { Request, Response } from 'express';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string) => UUID.test(value);

/** The :id path parameter, in the lower case ids are stored in. */
export const idParam = (request: Request) => String(request.params.id).toLowerCase();

/** The seed's operations answer a bare UUID: sent as a JSON string. */
export function sendId(response: Response, id: string) {
  response.status(200).json(id);
}
