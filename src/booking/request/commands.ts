import type { RequestAbandoned, RequestAccepted, RequestReceived, RequestRefused } from './events';

export type RequestCommand =
  | { type: 'receive'; data: RequestReceived }
  | { type: 'accept'; data: RequestAccepted }
  | { type: 'refuse'; data: RequestRefused }
  | { type: 'abandon'; data: RequestAbandoned };
