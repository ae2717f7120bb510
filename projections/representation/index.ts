import type { Projection } from '../../src/platform/projections/projection';
import { authorizationTypesProjection } from './authorization-types';
import { authorizationsProjection } from './authorizations';

/** The powers (one document each: the checks' index) and the authorization types. */
export const representationProjections: Projection[] = [authorizationsProjection, authorizationTypesProjection];
