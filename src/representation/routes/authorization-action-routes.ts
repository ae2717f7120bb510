import { Router } from 'express';
import { route } from '../../platform/http/problem';
import { RequestSchemas } from '../../platform/http/request-validation';
import { clientOf, requireRight } from '../../platform/http/service-auth';
import type { AuthorizationAction } from '../authorization/transitions';
import type { ActionRequest } from '../handlers/authorization-intake';
import type { RepresentationContext } from '../handlers/context';
import { stateDigest } from '../file/state-digest';
import { authorizationSummary } from '../queries/intake-views';
import { CheckEndpoints, RepresentationRights } from '../rights';
import { INTAKE_API, REPRESENTATION_SERVICE } from '../service';
import { AUTHORIZATION_CODE, pathValue, readOptionalBody } from './intake-input';

/** The moves clients ask for, as sub-resources of a power (section E: custom actions are nouns), and the schema of each one's body. */
const SUB_RESOURCES: Record<string, { action: AuthorizationAction; schema: string }> = {
  'co-signatures': { action: 'coSign', schema: 'co-signature.json' },
  acceptances: { action: 'accept', schema: 'acceptance.json' },
  suspensions: { action: 'suspend', schema: 'suspension.json' },
  resumptions: { action: 'resume', schema: 'resumption.json' },
  revocations: { action: 'revoke', schema: 'revocation.json' },
  renunciations: { action: 'renounce', schema: 'renunciation.json' },
};

/**
 * POST .../authorizations/{code}/<move>: 201 with the power after it; 409 when its status at that instant
 * does not allow the move (the reason named). POST .../file-verifications: whether an authorization file's
 * SHA-256 still states the power as it is now.
 */
export function authorizationActionRoutes(context: RepresentationContext): Router {
  const { deps, authorizations } = context;
  const router = Router();
  const schemas = RequestSchemas.of(REPRESENTATION_SERVICE);
  const manage = requireRight(REPRESENTATION_SERVICE, RepresentationRights.manageAuthorizations);

  for (const [subResource, { action, schema }] of Object.entries(SUB_RESOURCES)) {
    router.post(
      `${INTAKE_API}/authorizations/:code/${subResource}`,
      manage,
      route(async (request, response) => {
        const code = pathValue(request, 'code', AUTHORIZATION_CODE, 'authorizationCode');
        const body = schemas.value<ActionRequest>(schema, await readOptionalBody(request));
        const outcome = await authorizations.act(code, action, body, clientOf(response));
        response.status(201).json(authorizationSummary(outcome.state, deps.clock.now().toISOString()));
      }),
    );
  }

  router.post(
    `${INTAKE_API}/authorizations/:code/file-verifications`,
    requireRight(REPRESENTATION_SERVICE, CheckEndpoints.file, `call ${CheckEndpoints.file}`),
    route(async (request, response) => {
      const code = pathValue(request, 'code', AUTHORIZATION_CODE, 'authorizationCode');
      const { sha256 } = schemas.value<{ sha256: string }>('file-verification.json', await readOptionalBody(request));
      const state = await authorizations.visible(code, clientOf(response));
      const now = deps.clock.now().toISOString();
      const { status, isValid } = authorizationSummary(state, now);
      response.json({ authorizationCode: code, matches: stateDigest(state, now) === sha256.toLowerCase(), status, isValid, checkedAt: now });
    }),
  );
  return router;
}
