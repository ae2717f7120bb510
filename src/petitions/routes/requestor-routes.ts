import { Router, type Request, type Response } from 'express';
import { route } from '../../platform/http/problem';
import { readUnicodeJson } from '../../platform/http/read-body';
import { RequestSchemas } from '../../platform/http/request-validation';
import { clientOf, requireRight } from '../../platform/http/service-auth';
import type { ServiceDeps } from '../../platform/service-module';
import { requireOwnerContext } from '../handlers/caller';
import type { OwnerTokens } from '../handlers/owner-token';
import { logPersonalDataAccess } from '../handlers/personal-data';
import type { PetitionCommands } from '../handlers/petition-commands';
import type { StoredFile } from '../petition/events';
import { petitionOfRequestor } from '../queries/petition-lookup';
import type { PetitionDocument } from '../queries/petition-views';
import { listForRequestor, type PetitionsRequest } from '../queries/requestor-list';
import { PetitionRights } from '../rights';
import { PETITIONS_SERVICE } from '../service';
import { BODY_LIMITS, bytesOf, dataResponse, noContent, sendBinaryFile, todayOf } from './answers';

/**
 * The seed's requestor operations under /petitie/requestor: a citizen's or economic operator's own
 * petitions. The owner context comes from the bearer token or the certificate and must be the contextId
 * (the seed puts contextId, an IDNP or IDNO, in these paths: kept as the seed's contract).
 */
export function requestorRoutes(deps: ServiceDeps, commands: PetitionCommands, tokens: OwnerTokens): Router {
  const router = Router();
  const schemas = RequestSchemas.of(PETITIONS_SERVICE);
  // checked by each route, not for the prefix: a refusal then names its route's template in the log, not the path sent
  const requestor = requireRight(PETITIONS_SERVICE, PetitionRights.requestor);

  router.post(
    '/petitie/requestor/petitions',
    requestor,
    route(async (request, response) => {
      const body = schemas.value<PetitionsRequest>('petitions-request.json', await readUnicodeJson(request, BODY_LIMITS.small), { membersInAnyCase: true });
      const owner = await requireOwnerContext(tokens, request, response, body.contextId);
      const page = await listForRequestor(deps.documents, body);
      await logPersonalDataAccess(deps, clientOf(response), page.items, { reason: 'requestor', what: 'requestor list', user: owner });
      response.json(dataResponse(page.items, { page: body.page, pageSize: body.pageSize, totalCount: page.totalCount }, todayOf(deps.clock)));
    }),
  );

  /** One of the requestor's documents, as a binary download; 204 when the petition or the document is not theirs or not there. */
  const download = (documentOf: (petition: PetitionDocument, id: string) => StoredFile | undefined, what: string) =>
    route(async (request: Request, response: Response) => {
      const { contextId, petitionNumber, documentId } = request.params as Record<string, string>;
      const owner = await requireOwnerContext(tokens, request, response, contextId);
      const petition = await petitionOfRequestor(deps.documents, owner, petitionNumber);
      const file = petition ? documentOf(petition, documentId.toLowerCase()) : undefined;
      const bytes = file ? await bytesOf(deps.blobs, file) : null;
      if (!petition || !file || !bytes) return noContent(response);
      await logPersonalDataAccess(deps, clientOf(response), [petition], { reason: 'requestor', what, user: owner });
      sendBinaryFile(response, bytes, file);
    });

  router.get(
    '/petitie/requestor/extend-term/:contextId/:petitionNumber/:documentId',
    requestor,
    download((petition, id) => petition.termExtensions.find((extension) => extension.decisionId === id)?.document, 'term extension decision'),
  );

  router.get(
    '/petitie/requestor/:contextId/:petitionNumber/:documentId',
    requestor,
    download((petition, id) => (petition.response?.responseId === id ? petition.response.document : undefined), 'petition response'),
  );

  router.delete(
    '/petitie/requestor/:contextId/:petitionNumber',
    requestor,
    route(async (request, response) => {
      const { contextId, petitionNumber } = request.params as Record<string, string>;
      const owner = await requireOwnerContext(tokens, request, response, contextId);
      response.json(await commands.deleteForRequestor(petitionNumber, owner, clientOf(response).id));
    }),
  );
  return router;
}
