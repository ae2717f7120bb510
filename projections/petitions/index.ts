import type { Projection } from '../../src/platform/projections/projection';
import { petitionsProjection } from './petitions';

/** The petitions read model: lists, downloads and the due dates the scheduler sweeps. */
export const petitionsProjections: Projection[] = [petitionsProjection];
