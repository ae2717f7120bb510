import { Router } from 'express';
import { route } from '../../platform/http/problem';
import { RequestSchemas } from '../../platform/http/request-validation';
import { clientOf, requireRight } from '../../platform/http/service-auth';
import { readYourWrites } from '../../platform/projections/read-your-writes';
import type { AuthorizationStatus } from '../authorization/status';
import type { AuthorizationRequest } from '../handlers/authorization-intake';
import { REPRESENTATION_READ_MODELS, type RepresentationContext } from '../handlers/context';
import { listAuthorizations } from '../queries/authorization-listing';
import { authorizationSummary, authorizationView } from '../queries/intake-views';
import { logPersonalDataAccess } from '../queries/personal-data-access';
import { RepresentationRights } from '../rights';
import { INTAKE_API, REPRESENTATION_SERVICE } from '../service';
import { AUTHORIZATION_CODE, pathValue, readIntakeBody } from './intake-input';

type ListQuery = { cursor?: string; limit?: number; status?: AuthorizationStatus; authorizationTypeCode?: string };

/**
 * The powers as a collection (section E): create one (201 with its code and status), list those the client
 * sees by code (cursor paging, no one's data in the items), read one whole (a legal event: it shows the
 * parties). The moves on one power are in authorization-action-routes.ts.
 */
export function authorizationRoutes(context: RepresentationContext): Router {
  const { deps, authorizations } = context;
  const router = Router();
  const schemas = RequestSchemas.of(REPRESENTATION_SERVICE);
  const manage = requireRight(REPRESENTATION_SERVICE, RepresentationRights.manageAuthorizations);
  const collection = `${INTAKE_API}/authorizations`;

  router.post(
    collection,
    manage,
    route(async (request, response) => {
      const body = schemas.value<AuthorizationRequest>('authorization.json', await readIntakeBody(request));
      const outcome = await authorizations.create(body, clientOf(response));
      response
        .status(201)
        .location(`${collection}/${outcome.authorizationCode}`)
        .json(authorizationSummary(outcome.state, deps.clock.now().toISOString()));
    }),
  );

  router.get(
    collection,
    manage,
    route(async (request, response) => {
      const query = schemas.query<ListQuery>('authorizations-list.query.json', request.query);
      await readYourWrites(deps, undefined, REPRESENTATION_READ_MODELS);
      response.json(await listAuthorizations(deps.documents, clientOf(response), query, deps.clock.now().toISOString()));
    }),
  );

  router.get(
    `${collection}/:code`,
    manage,
    route(async (request, response) => {
      const code = pathValue(request, 'code', AUTHORIZATION_CODE, 'authorizationCode');
      const client = clientOf(response);
      const state = await authorizations.visible(code, client);
      const now = deps.clock.now().toISOString();
      await logPersonalDataAccess(deps.legalEvents, client, { what: 'Authorization (intake)', at: now, powers: [state], withCoSigners: true });
      response.json(authorizationView(state, now));
    }),
  );
  return router;
}
