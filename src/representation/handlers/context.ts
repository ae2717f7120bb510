import { authorizationTypesProjection } from '../../../projections/representation/authorization-types';
import { authorizationsProjection } from '../../../projections/representation/authorizations';
import type { ServiceDeps } from '../../platform/service-module';
import { PartyNames } from '../parties/party-names';
import type { RepresentationSettings } from '../settings';
import { AuthorizationIntake } from './authorization-intake';
import { AuthorizationTypeIntake } from './authorization-type-intake';

/** What the service's routes, scheduler and demo data share on one platform. */
export type RepresentationContext = {
  deps: ServiceDeps;
  settings: RepresentationSettings;
  types: AuthorizationTypeIntake;
  authorizations: AuthorizationIntake;
};

export function createRepresentationContext(deps: ServiceDeps, settings: RepresentationSettings): RepresentationContext {
  const types = new AuthorizationTypeIntake(deps.events, deps.clock);
  return { deps, settings, types, authorizations: new AuthorizationIntake(deps.events, deps.clock, types, new PartyNames()) };
}

/** The read models the service's answers come from: a read waits for them to apply the log up to now. */
export const REPRESENTATION_READ_MODELS = [authorizationsProjection.name, authorizationTypesProjection.name];
