import { BOOKING_STREAMS } from '../service';

export const toRequestStreamId = (requestId: string) => `${BOOKING_STREAMS}request-${requestId}`;
