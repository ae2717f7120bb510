import { Router, type RequestHandler } from 'express';
import { hasRight } from '../../platform/identity/client-registry';
import { route } from '../../platform/http/problem';
import { RequestSchemas } from '../../platform/http/request-validation';
import { clientOf, requireRight } from '../../platform/http/service-auth';
import { readYourWrites } from '../../platform/projections/read-your-writes';
import type { AuthorizationTypeDefinition } from '../authorization-type/events';
import { REPRESENTATION_READ_MODELS, type RepresentationContext } from '../handlers/context';
import { listAuthorizationTypes } from '../queries/authorization-listing';
import { inScope, OutOfScopeError } from '../queries/scope';
import { RepresentationRights } from '../rights';
import { INTAKE_API, REPRESENTATION_SERVICE } from '../service';
import { AUTHORIZATION_TYPE_CODE, pathValue, readIntakeBody } from './intake-input';

/**
 * Authorization types as reference data (section E): define one (201; the same definition again 200),
 * change one (PUT), read one or the page of those the client sees. Reading needs either intake right.
 */
export function authorizationTypeRoutes(context: RepresentationContext): Router {
  const { deps, types } = context;
  const router = Router();
  const schemas = RequestSchemas.of(REPRESENTATION_SERVICE);
  const manageTypes = requireRight(REPRESENTATION_SERVICE, RepresentationRights.manageAuthorizationTypes);
  const collection = `${INTAKE_API}/authorization-types`;
  const view = (definition: AuthorizationTypeDefinition) => ({
    code: definition.code,
    names: definition.names,
    requiresAcceptance: definition.requiresAcceptance,
    requiresCoSigning: definition.requiresCoSigning,
    serviceProviderIdno: definition.serviceProviderIdno,
    serviceProviderName: definition.serviceProviderName,
  });

  router.post(
    collection,
    manageTypes,
    route(async (request, response) => {
      const definition = schemas.value<AuthorizationTypeDefinition>('authorization-type.json', await readIntakeBody(request));
      const { created } = await types.define(definition, clientOf(response));
      response.status(created ? 201 : 200).location(`${collection}/${definition.code}`).json(view(definition));
    }),
  );

  router.put(
    `${collection}/:code`,
    manageTypes,
    route(async (request, response) => {
      const code = pathValue(request, 'code', AUTHORIZATION_TYPE_CODE, 'authorizationTypeCode');
      const body = schemas.value<Omit<AuthorizationTypeDefinition, 'code'>>('authorization-type-update.json', await readIntakeBody(request));
      const definition = { code, ...body };
      await types.update(definition, clientOf(response));
      response.json(view(definition));
    }),
  );

  router.get(
    collection,
    readsTypes,
    route(async (request, response) => {
      const query = schemas.query<{ cursor?: string; limit?: number }>('authorization-types-list.query.json', request.query);
      await readYourWrites(deps, undefined, REPRESENTATION_READ_MODELS);
      const page = await listAuthorizationTypes(deps.documents, clientOf(response), query);
      response.json({ items: page.items.map(view), nextCursor: page.nextCursor });
    }),
  );

  router.get(
    `${collection}/:code`,
    readsTypes,
    route(async (request, response) => {
      const code = pathValue(request, 'code', AUTHORIZATION_TYPE_CODE, 'authorizationTypeCode');
      const definition = await types.current(code);
      if (!inScope(clientOf(response), definition.serviceProviderIdno)) throw new OutOfScopeError(`the authorization type ${code}`);
      response.json(view(definition));
    }),
  );
  return router;
}

/** Managing systems read the types to create powers, type managers to change them: either right reads. */
const readsTypes: RequestHandler = (request, response, next) =>
  hasRight(clientOf(response), REPRESENTATION_SERVICE, RepresentationRights.manageAuthorizationTypes)
    ? next()
    : requireRight(REPRESENTATION_SERVICE, RepresentationRights.manageAuthorizations)(request, response, next);
