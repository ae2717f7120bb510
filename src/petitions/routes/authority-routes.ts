import { Router, type Request } from 'express';
import { route } from '../../platform/http/problem';
import { readUnicodeJson } from '../../platform/http/read-body';
import { canonicalUuid, RequestSchemas, RequestValidationError } from '../../platform/http/request-validation';
import type { ServiceDeps } from '../../platform/service-module';
import { authorityOf, requireAuthority } from '../handlers/caller';
import type { OwnerTokens } from '../handlers/owner-token';
import { logPersonalDataAccess } from '../handlers/personal-data';
import type { PetitionCommands } from '../handlers/petition-commands';
import { OUTCOMES, responseStateNamed, type ResponseState, type ResponseStates } from '../petition/response-states';
import { listForAuthority, statusesOf, type AuthorityListQuery } from '../queries/authority-list';
import { petitionForAuthority } from '../queries/petition-lookup';
import { petitionPdf, petitionPdfFileName } from '../queries/petition-pdf';
import { toPetitionModel, type PetitionDocument } from '../queries/petition-views';
import { PETITIONS_SERVICE } from '../service';
import { BODY_LIMITS, bytesOf, dataResponse, noContent, sendFileResponse, todayOf } from './answers';

type RegisterBody = { petitionNumber: string; registrationNumber: string; registrationDate: string; responsiblePersonIdnp: string; estimatedResolveDate?: string | null };
type CloseBody = Partial<Record<keyof ResponseStates, ResponseState | number | null>> & {
  petitionNumber: string;
  petitionExitNumber: string;
  file: { fileName: string; contentType: string; content: string };
  responsiblePersonIdnp: string;
  responseDate?: string | null;
};

/** The seed's authority operations under /petitie/authority (an authority system's certificate, its scope). */
export function authorityRoutes(deps: ServiceDeps, commands: PetitionCommands, tokens: OwnerTokens): Router {
  const router = Router();
  const schemas = RequestSchemas.of(PETITIONS_SERVICE);
  // checked by each route, not for the prefix: a refusal then names its route's template in the log, not the path sent
  const authority = requireAuthority(tokens);
  const logAccess = (response: Parameters<typeof authorityOf>[0], petitions: PetitionDocument[], what: string) =>
    logPersonalDataAccess(deps, authorityOf(response).client, petitions, { reason: 'authority', what });

  router.get(
    '/petitie/authority/petitions',
    authority,
    route(async (request, response) => {
      const query = authorityListQuery(request, schemas);
      const today = todayOf(deps.clock);
      const page = await listForAuthority(deps.documents, query, authorityOf(response), today);
      if (page.totalCount === 0) return noContent(response);
      await logAccess(response, page.items, 'authority list');
      response.json(dataResponse(page.items, { page: query.page, pageSize: query.pageSize, totalCount: page.totalCount }, today));
    }),
  );

  router.get(
    '/petitie/authority/petitions/:petitionNumber',
    authority,
    route(async (request, response) => {
      const petition = await petitionForAuthority(deps.documents, authorityOf(response), String(request.params.petitionNumber));
      await logAccess(response, [petition], 'authority petition');
      response.json(toPetitionModel(petition, todayOf(deps.clock)));
    }),
  );

  router.get(
    '/petitie/authority/petitions/:petitionNumber/pdf',
    authority,
    route(async (request, response) => {
      const petition = await petitionForAuthority(deps.documents, authorityOf(response), String(request.params.petitionNumber));
      // a petition its requestor withdrew is no longer served: its documents are not found
      if (petition.status === 'Cancelled') return noContent(response);
      const pdf = await petitionPdf(petition);
      await logAccess(response, [petition], 'authority petition pdf');
      sendFileResponse(response, pdf, { fileName: petitionPdfFileName(petition.petitionNumber), contentType: 'application/pdf' });
    }),
  );

  router.get(
    '/petitie/authority/petitions/:petitionNumber/attachment/:attachmentId',
    authority,
    route(async (request, response) => {
      const attachmentId = canonicalUuid(String(request.params.attachmentId));
      if (!attachmentId) throw new RequestValidationError([{ path: ['attachmentId'], key: 'uuid', message: 'must be a GUID' }]);
      const petition = await petitionForAuthority(deps.documents, authorityOf(response), String(request.params.petitionNumber));
      const attachment = petition.attachments.find((candidate) => candidate.attachmentId === attachmentId);
      const bytes = attachment && petition.status !== 'Cancelled' ? await bytesOf(deps.blobs, attachment) : null;
      if (!attachment || !bytes) return noContent(response);
      await logAccess(response, [petition], 'authority petition attachment');
      sendFileResponse(response, bytes, attachment);
    }),
  );

  router.post(
    '/petitie/authority/petitions/register',
    authority,
    route(async (request, response) => {
      const body = schemas.value<RegisterBody>('register-petition.json', await readUnicodeJson(request, BODY_LIMITS.small), { membersInAnyCase: true });
      const { actor } = authorityOf(response);
      const { petitionNumber, registrationNumber, responsiblePersonIdnp, estimatedResolveDate } = body;
      const registration = { petitionNumber, registrationNumber, responsiblePersonIdnp, registrationDate: utc(body.registrationDate) };
      const answerDueDate = await commands.register({ ...registration, ...(estimatedResolveDate ? { estimatedResolveDate: utc(estimatedResolveDate) } : {}), actor });
      response.json({ petitionNumber: body.petitionNumber, status: 'InProgress', registrationNumber: body.registrationNumber, answerDueDate });
    }),
  );

  router.post(
    '/petitie/authority/petitions/close',
    authority,
    route(async (request, response) => {
      const body = schemas.value<CloseBody>('close-petition.json', await readUnicodeJson(request, BODY_LIMITS.withDocument), { membersInAnyCase: true });
      const responseStates = Object.fromEntries(OUTCOMES.map((outcome) => [outcome, responseStateNamed(body[outcome] ?? undefined)])) as ResponseStates;
      const { actor } = authorityOf(response);
      const closing = { petitionNumber: body.petitionNumber, actor, petitionExitNumber: body.petitionExitNumber, responseStates, responsiblePersonIdnp: body.responsiblePersonIdnp };
      const closed = await commands.close({ ...closing, ...(body.responseDate ? { responseDate: utc(body.responseDate) } : {}) }, body.file);
      response.json({ petitionNumber: body.petitionNumber, status: closed.status, responseId: closed.responseId, late: closed.late });
    }),
  );
  return router;
}

/** Instants are kept in UTC, whatever offset the caller wrote. */
const utc = (dateTime: string) => new Date(dateTime).toISOString();

/** The list's query: the schema's parameters (names in any case, .NET style), and the repeatable status. */
function authorityListQuery(request: Request, schemas: RequestSchemas): AuthorityListQuery {
  const statusNames = Object.keys(request.query).filter((name) => name.toLowerCase() === 'status' || name.toLowerCase() === 'status[]');
  const rest = Object.fromEntries(Object.entries(request.query).filter(([name]) => !statusNames.includes(name)));
  const query = schemas.query<Omit<AuthorityListQuery, 'statuses'>>('authority-petitions.query.json', rest);
  return { ...query, statuses: statusesOf(statusNames.flatMap((name) => request.query[name] as unknown as string | string[])) };
}
