import { Router } from 'express';
import { readJson } from '../../platform/http/read-body';
import { route } from '../../platform/http/problem';
import { RequestSchemas } from '../../platform/http/request-validation';
import type { ServiceDeps } from '../../platform/service-module';
import { authorityOf, requireAuthority } from '../handlers/caller';
import type { OwnerTokens } from '../handlers/owner-token';
import type { PetitionCommands } from '../handlers/petition-commands';
import type { UploadedFile } from '../handlers/uploaded-files';
import { PETITIONS_SERVICE } from '../service';
import { BODY_LIMITS } from './answers';
import { petitionPath } from './intake-routes';

type TermExtensionBody = { extensionDays: number; exceptional: boolean; decisionNumber: string; reason: string; file: UploadedFile };
type RedirectionBody = { competentAuthorityIdno: string; reason: string; outgoingNumber?: string };

/**
 * The authority's moves the seed has no endpoint for, as section E's custom actions (sub-resources of the
 * petition): a term extension with its decision document, a redirection to the competent authority.
 * Both answer 201 with the petition as Location.
 */
export function actionRoutes(deps: ServiceDeps, commands: PetitionCommands, tokens: OwnerTokens): Router {
  const router = Router();
  const schemas = RequestSchemas.of(PETITIONS_SERVICE);
  const authority = requireAuthority(tokens);

  router.post(
    '/api/v1/petitions/:petitionNumber/term-extensions',
    authority,
    route(async (request, response) => {
      const body = schemas.value<TermExtensionBody>('term-extension.json', await readJson(request, BODY_LIMITS.withDocument));
      const petitionNumber = String(request.params.petitionNumber);
      const { file, ...decision } = body;
      const extended = await commands.extendTerm({ ...decision, petitionNumber, actor: authorityOf(response).actor }, file);
      response
        .status(201)
        .location(petitionPath(petitionNumber))
        .json({ petitionNumber, decisionId: extended.decisionId, extensionDays: extended.extensionDays, exceptional: extended.exceptional, previousDueDate: extended.previousDueDate, answerDueDate: extended.answerDueDate });
    }),
  );

  router.post(
    '/api/v1/petitions/:petitionNumber/redirections',
    authority,
    route(async (request, response) => {
      const body = schemas.value<RedirectionBody>('redirection.json', await readJson(request, BODY_LIMITS.small));
      const petitionNumber = String(request.params.petitionNumber);
      const redirected = await commands.redirect({
        petitionNumber,
        actor: authorityOf(response).actor,
        toAuthorityIdno: body.competentAuthorityIdno,
        reason: body.reason,
        ...(body.outgoingNumber ? { outgoingNumber: body.outgoingNumber } : {}),
      });
      response
        .status(201)
        .location(petitionPath(petitionNumber))
        .json({ petitionNumber, fromAuthorityIdno: redirected.fromAuthorityIdno, toAuthorityIdno: redirected.toAuthorityIdno, receivedOn: redirected.receivedOn, registrationDueDate: redirected.registrationDueDate });
    }),
  );
  return router;
}
