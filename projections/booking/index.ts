import type { Projection } from '../../src/platform/projections/projection';
import { appointmentsProjection } from './appointments';
import { referenceProjections } from './reference-data';
import { requestsProjection } from './requests';
import { slotUsageProjection } from './slot-usage';

export { BookingCollections } from './collections';

export const bookingProjections: Projection[] = [...referenceProjections, appointmentsProjection, slotUsageProjection, requestsProjection];
