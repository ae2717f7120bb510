import type { Projection } from '../../src/platform/projections/projection';
import { ordersProjection } from './orders';
import { statusChangesProjection } from './status-changes';

/** The orders (list, due dates) and their status changes (history, the changes feed). */
export const deliveryProjections: Projection[] = [ordersProjection, statusChangesProjection];
