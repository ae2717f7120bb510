import { Router } from 'express';
import { route } from '../../platform/http/problem';
import { RequestSchemas } from '../../platform/http/request-validation';
import { clientOf } from '../../platform/http/service-auth';
import { readYourWrites } from '../../platform/projections/read-your-writes';
import { authorizationFile } from '../file/authorization-file';
import { REPRESENTATION_READ_MODELS, type RepresentationContext } from '../handlers/context';
import { lookUpAuthorization } from '../queries/authorization-lookup';
import { logPersonalDataAccess } from '../queries/personal-data-access';
import { CheckEndpoints } from '../rights';
import { REPRESENTATION_SERVICE } from '../service';
import { allowedEndpoint, checkPath } from './check-routes';
import { succeeded } from './envelope';

/** GET /clients-api/api/Authorization/file: the authorization file, a PDF issued now, base64 in the envelope. */
export function fileRoutes(context: RepresentationContext): Router {
  const { deps } = context;
  const router = Router();
  const schemas = RequestSchemas.of(REPRESENTATION_SERVICE);
  router.get(
    checkPath(CheckEndpoints.file),
    allowedEndpoint(CheckEndpoints.file),
    route(async (request, response) => {
      const { AuthorizationCode } = schemas.query<{ AuthorizationCode: string }>('authorization-code.query.json', request.query);
      await readYourWrites(deps, undefined, REPRESENTATION_READ_MODELS);
      const client = clientOf(response);
      const state = await lookUpAuthorization(deps.documents, AuthorizationCode, client);
      const issuedAt = deps.clock.now();
      const { pdf } = await authorizationFile(state, issuedAt);
      await logPersonalDataAccess(deps.legalEvents, client, { what: 'Authorization file', at: issuedAt.toISOString(), powers: [state], withCoSigners: true });
      response.json(succeeded({ content: pdf.toString('base64'), 'content-type': 'application/pdf' }));
    }),
  );
  return router;
}
