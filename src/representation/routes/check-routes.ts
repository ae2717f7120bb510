import { Router } from 'express';
import { route } from '../../platform/http/problem';
import { RequestSchemas } from '../../platform/http/request-validation';
import { clientOf, requireRight } from '../../platform/http/service-auth';
import { readYourWrites } from '../../platform/projections/read-your-writes';
import { statusAt } from '../authorization/status';
import { REPRESENTATION_READ_MODELS, type RepresentationContext } from '../handlers/context';
import { authorizationDetails } from '../queries/authorization-details';
import { lookUpAuthorization } from '../queries/authorization-lookup';
import { findByTypeAndParties, searchByIdn } from '../queries/authorization-search';
import { readIdnListQuery, type IdnListQuery } from '../queries/idn-list-query';
import { logPersonalDataAccess } from '../queries/personal-data-access';
import { CheckEndpoints } from '../rights';
import { CLIENTS_API, REPRESENTATION_SERVICE } from '../service';
import { succeeded } from './envelope';

type CodeQuery = { AuthorizationCode: string };
type TypeCodeQuery = { AuthorizationTypeCode: string; AuthorizingIdn: string; AuthorizedIdn: string };

/** A check's route: its path under /clients-api and the right of that path (AllowedEndpoints). */
export const checkPath = (endpoint: string) => `${CLIENTS_API}${endpoint}`;
export const allowedEndpoint = (endpoint: string) => requireRight(REPRESENTATION_SERVICE, endpoint, `call ${endpoint}`);

/**
 * The seed's four checks (the file is in file-routes.ts). Each answers for the instant it is asked: the
 * status is computed from the read model's state and the clock. Every answer that shows a person's data is
 * registered as a MPower.PersonalData.Access legal event before it leaves; Code-True-One shows no one's.
 */
export function checkRoutes(context: RepresentationContext): Router {
  const { deps } = context;
  const router = Router();
  const schemas = RequestSchemas.of(REPRESENTATION_SERVICE);
  const now = () => deps.clock.now().toISOString();
  const caughtUp = () => readYourWrites(deps, undefined, REPRESENTATION_READ_MODELS);

  router.get(
    checkPath(CheckEndpoints.codeTrueOne),
    allowedEndpoint(CheckEndpoints.codeTrueOne),
    route(async (request, response) => {
      const { AuthorizationCode } = schemas.query<CodeQuery>('authorization-code.query.json', request.query);
      await caughtUp();
      const state = await lookUpAuthorization(deps.documents, AuthorizationCode, clientOf(response));
      response.json(succeeded(statusAt(state, now()) === 'Valid'));
    }),
  );

  router.get(
    checkPath(CheckEndpoints.codeDetailsOne),
    allowedEndpoint(CheckEndpoints.codeDetailsOne),
    route(async (request, response) => {
      const { AuthorizationCode } = schemas.query<CodeQuery>('authorization-code.query.json', request.query);
      await caughtUp();
      const client = clientOf(response);
      const state = await lookUpAuthorization(deps.documents, AuthorizationCode, client);
      const at = now();
      await logPersonalDataAccess(deps.legalEvents, client, { what: 'Code-Details-One', at, powers: [state] });
      response.json(succeeded(authorizationDetails(state, at)));
    }),
  );

  router.get(
    checkPath(CheckEndpoints.typeCodeValidOne),
    allowedEndpoint(CheckEndpoints.typeCodeValidOne),
    route(async (request, response) => {
      const query = schemas.query<TypeCodeQuery>('type-code-valid-one.query.json', request.query);
      await caughtUp();
      const client = clientOf(response);
      const at = now();
      const { state, isValid } = await findByTypeAndParties(
        deps.documents,
        { authorizationTypeCode: query.AuthorizationTypeCode, authorizingIdn: query.AuthorizingIdn, authorizedIdn: query.AuthorizedIdn },
        client,
        at,
      );
      await logPersonalDataAccess(deps.legalEvents, client, { what: 'TypeCode-Valid-One', at, powers: [state] });
      response.json(succeeded({ authorizationCode: state.authorizationCode, isValid }));
    }),
  );

  router.get(
    checkPath(CheckEndpoints.idnDetailsList),
    allowedEndpoint(CheckEndpoints.idnDetailsList),
    route(async (request, response) => {
      const filter = readIdnListQuery(schemas.query<IdnListQuery>('idn-details-list.query.json', request.query));
      await caughtUp();
      const client = clientOf(response);
      const at = now();
      const powers = await searchByIdn(deps.documents, filter, client, at);
      await logPersonalDataAccess(deps.legalEvents, client, { what: 'Idn-Details-List', at, powers });
      response.json(succeeded(powers.map((state) => authorizationDetails(state, at))));
    }),
  );
  return router;
}
