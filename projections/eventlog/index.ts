import type { Projection } from '../../src/platform/projections/projection';
import { logEntriesProjection } from './log-entries';
import { personalDataProjection } from './personal-data-accesses';

/** The logged events (search by UID and time range) and the personal-data index. */
export const eventLogProjections: Projection[] = [logEntriesProjection, personalDataProjection];
