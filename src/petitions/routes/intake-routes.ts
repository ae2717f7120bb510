import { Router } from 'express';
import { notFound } from '../../platform/errors';
import { readJson } from '../../platform/http/read-body';
import { route } from '../../platform/http/problem';
import { RequestSchemas } from '../../platform/http/request-validation';
import { clientOf, requireRight } from '../../platform/http/service-auth';
import { hasRight } from '../../platform/identity/client-registry';
import type { ServiceDeps } from '../../platform/service-module';
import { authorityCovers, PetitionsAccessDeniedError, scopeOf } from '../handlers/caller';
import { logPersonalDataAccess } from '../handlers/personal-data';
import type { PetitionCommands } from '../handlers/petition-commands';
import type { UploadedFile } from '../handlers/uploaded-files';
import type { Language } from '../petition/events';
import { requestorKindOf } from '../petition/requestor';
import { listFiledBy } from '../queries/intake-list';
import { petitionsOf, toPetitionModel } from '../queries/petition-views';
import { PetitionErrorCodes } from '../problems';
import { PetitionRights } from '../rights';
import { PETITIONS_SERVICE } from '../service';
import { BODY_LIMITS, todayOf } from './answers';

type FilingBody = { requestorIdn: string; requestorName?: string; authorityIdno: string; subject: string; text: string; language?: Language; attachments?: UploadedFile[] };

export const petitionPath = (petitionNumber: string) => `/api/v1/petitions/${encodeURIComponent(petitionNumber)}`;

/**
 * The intake the seed does not show (section E): the citizens' portal files petitions (201, Location, the
 * petition's number and links) and pages through those it filed (cursor, limit, nextCursor).
 */
export function intakeRoutes(deps: ServiceDeps, commands: PetitionCommands): Router {
  const router = Router();
  const schemas = RequestSchemas.of(PETITIONS_SERVICE);
  const intake = requireRight(PETITIONS_SERVICE, PetitionRights.intake);

  router.post(
    '/api/v1/petitions',
    intake,
    route(async (request, response) => {
      const body = schemas.value<FilingBody>('petition-filing.json', await readJson(request, BODY_LIMITS.filing));
      const requestor = { idn: body.requestorIdn, kind: requestorKindOf(body.requestorIdn), ...(body.requestorName ? { name: body.requestorName } : {}) };
      const filed = await commands.file({
        requestor,
        authorityIdno: body.authorityIdno,
        subject: body.subject,
        text: body.text,
        ...(body.language ? { language: body.language } : {}),
        attachments: body.attachments ?? [],
        filedBy: clientOf(response).id,
      });
      const self = petitionPath(filed.petitionNumber);
      response.status(201).location(self).json({
        petitionNumber: filed.petitionNumber,
        status: 'Submitted',
        receivedOn: filed.receivedOn,
        registrationDueDate: filed.registrationDueDate,
        attachments: filed.attachments.map(({ attachmentId, fileName }) => ({ attachmentId, fileName })),
        links: { self, pdf: `/petitie/authority/petitions/${encodeURIComponent(filed.petitionNumber)}/pdf` },
      });
    }),
  );

  router.get(
    '/api/v1/petitions',
    intake,
    route(async (request, response) => {
      const page = schemas.query<{ cursor?: string; limit: number }>('intake-petitions.query.json', request.query);
      const client = clientOf(response);
      const found = await listFiledBy(deps.documents, client.id, page);
      await logPersonalDataAccess(deps, client, found.items, { reason: 'intake', what: 'intake list' });
      const today = todayOf(deps.clock);
      response.json({ items: found.items.map((item) => toPetitionModel(item, today)), nextCursor: found.nextCursor });
    }),
  );

  /** The client that filed the petition, or an authority whose scope covers it. */
  router.get(
    '/api/v1/petitions/:petitionNumber',
    route(async (request, response) => {
      const client = clientOf(response);
      const petitionNumber = String(request.params.petitionNumber);
      const petition = await petitionsOf(deps.documents).findOne({ _id: petitionNumber });
      if (!petition) throw notFound(`no petition ${petitionNumber} was found`).withCode(PetitionErrorCodes.petitionNotFound);
      const scope = scopeOf(client);
      const filer = hasRight(client, PETITIONS_SERVICE, PetitionRights.intake) && petition.filedBy === client.id;
      const authority = scope !== null && authorityCovers({ client, scope, idno: client.idno, actor: { clientId: client.id } }, petition.authorityIdno);
      if (!filer && !authority) throw new PetitionsAccessDeniedError(`client ${client.id} neither filed petition ${petitionNumber} nor is the authority it is addressed to`);
      await logPersonalDataAccess(deps, client, [petition], { reason: filer ? 'intake' : 'authority', what: 'petition' });
      response.json(toPetitionModel(petition, todayOf(deps.clock)));
    }),
  );
  return router;
}
