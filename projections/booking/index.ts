import type { Projection } from '../../src/platform/projections/projection';
import { appointmentsProjection } from './appointments';
import { combinedProjection } from './combined';
import { referenceProjections } from './reference-data';
import { requestsProjection } from './requests';
import { slotUsageProjection } from './slot-usage';

export { BookingCollections } from './collections';

/** Two projections: the reference data, and what bookings change (appointments, slot usage, requests). */
export const bookingProjections: Projection[] = [
  combinedProjection('booking-reference-data', referenceProjections),
  combinedProjection('booking-appointments', [appointmentsProjection, slotUsageProjection, requestsProjection]),
];
