import { Router, type Request, type Response } from 'express';
import { readUnicodeJson } from '../../platform/http/read-body';
import { forbidden } from '../../platform/errors';
import { problemFor, route, sendProblem } from '../../platform/http/problem';
import { clientOf, requireRight } from '../../platform/http/service-auth';
import { hasRight } from '../../platform/identity/client-registry';
import { readYourWrites } from '../../platform/projections/read-your-writes';
import type { DocumentsContext } from '../handlers/context';
import { MAX_MESSAGE_BYTES } from '../handlers/upload-content';
import { InvalidPrincipalError } from '../principals/acting-principal';
import { canonicalPrincipal } from '../principals/principal';
import { insufficientStorage, toProblem } from '../problems';
import { QuotaExceededError } from '../quota/decider';
import { toQuotaStreamId } from '../quota/stream';
import { quotaOf } from '../queries/usage';
import { DocumentsRights } from '../rights';
import { DOCUMENTS_SERVICE } from '../service';
import { callerOf, documentSchemas, queryOf } from './route-helpers';

/**
 * The seed puts a principal (an IDNP, say) in this path. So that it reaches no log line, the route answers
 * its own refusals (a refusal passed on is logged with the path), naming the path by its template.
 */
const NAME_PATH = '/mdocs/principals/{id}/name';

function answerRefusal(request: Request, response: Response, error: unknown): void {
  const { problem, headers } = problemFor(toProblem(error, request));
  response.set(headers);
  sendProblem(response, { ...problem, instance: NAME_PATH });
}

/** GET /mdocs/principals/{id}/name, GET /mdocs/quota (the seed), and POST /api/v1/principal-quotas (administrators). */
export function principalRoutes(ctx: DocumentsContext): Router {
  const router = Router();

  router.get('/mdocs/principals/:id/name', async (request, response) => {
    try {
      const client = clientOf(response);
      if (!hasRight(client, DOCUMENTS_SERVICE, DocumentsRights.read)) throw forbidden(`client ${client.id} may not read in ${DOCUMENTS_SERVICE}`);
      const principal = canonicalPrincipal(String(request.params.id));
      if (!principal) throw new InvalidPrincipalError('id');
      response.json({ principal, name: ctx.names.nameOf(principal) });
    } catch (error) {
      answerRefusal(request, response, error);
    }
  });

  router.get(
    '/mdocs/quota',
    requireRight(DOCUMENTS_SERVICE, DocumentsRights.read),
    route(async (request, response) => {
      const { principal } = callerOf(response, queryOf<{ principal?: string }>(request, 'principal.query.json').principal);
      await readYourWrites(ctx.deps);
      const quota = await quotaOf(ctx.deps.documents, principal, ctx.settings.defaultQuotaBytes);
      // seed: 507 on the quota itself, when the usage already passes the maximum (an administrator lowered it)
      if (quota.storageUsage > quota.storageMaximum) throw insufficientStorage(new QuotaExceededError(principal, quota.storageMaximum, quota.storageUsage, 0));
      response.json(quota);
    }),
  );

  router.post(
    '/api/v1/principal-quotas',
    requireRight(DOCUMENTS_SERVICE, DocumentsRights.quotas),
    route(async (request, response) => {
      const body = documentSchemas().value<{ principal: string; storageMaximum: number }>('principal-quota.json', await readUnicodeJson(request, MAX_MESSAGE_BYTES), { membersInAnyCase: true });
      const principal = canonicalPrincipal(body.principal);
      if (!principal) throw new InvalidPrincipalError('principal');
      const client = clientOf(response);
      await ctx.commands.quotas.handle(toQuotaStreamId(principal), { type: 'SetQuota', principal, storageMaximum: body.storageMaximum, clientId: client.id, at: ctx.now() }, client.id);
      await readYourWrites(ctx.deps);
      response.json({ principal, ...(await quotaOf(ctx.deps.documents, principal, ctx.settings.defaultQuotaBytes)) });
    }),
  );
  return router;
}
