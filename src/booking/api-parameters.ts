import type { ApiParameter } from '../platform/openapi/api-description';
import { BookingRights } from './rights';
import { BOOKING_SERVICE } from './service';

export const bookingRight = (right: (typeof BookingRights)[keyof typeof BookingRights]) => ({ service: BOOKING_SERVICE, right });

/** Every booking operation takes it; its problems are worded in that language. */
export const LANGUAGE: ApiParameter = {
  name: 'x-custom-lang',
  in: 'header',
  description: 'The language of the messages of validation problems: ro (default), en or ru.',
  schema: { enum: ['ro', 'en', 'ru'], default: 'ro' },
};
