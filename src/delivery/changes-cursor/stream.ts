import { keyHash } from '../order/stream';

/** One cursor per caller (registry client) and service. */
export const toChangesCursorStreamId = (clientId: string, serviceID: string) => `delivery-changes-cursor-${keyHash(clientId, serviceID)}`;
