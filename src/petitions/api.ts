import { pathParameter, queryParameter, type ApiAccess, type ApiOperation, type ServiceApi } from '../platform/openapi/api-description';
import { PetitionRights } from './rights';
import { PETITIONS_SERVICE } from './service';

const AUTHORITY: ApiAccess = { service: PETITIONS_SERVICE, right: [PetitionRights.authorityOwn, PetitionRights.authorityAll] };
const REQUESTOR: ApiAccess = { service: PETITIONS_SERVICE, right: PetitionRights.requestor };
const INTAKE: ApiAccess = { service: PETITIONS_SERVICE, right: PetitionRights.intake };
const TOKEN = 'An optional `Authorization: Bearer` token (a JWT of the authentication platform) names the owner context; it must be valid (401) and may not widen what the registry grants.';
const CODES = 'Problems carry the seed\'s `code`: InvalidParameter (400), AuthenticationFailed (401), AccessDenied (403), PetitionNotFound.';
const NUMBER = pathParameter('petitionNumber', 'The petition number.');
const CONTEXT = pathParameter('contextId', "The requestor's IDNP or IDNO: the owner context of the token or certificate.");
const DENIED = 'AccessDenied: not an authority system, or the petition is not addressed to the caller (scope own-authority).';
const INVALID = 'InvalidParameter (a member missing or out of its form), or PetitionNotFound.';
const NOT_FOUND = { description: 'The petition or the document is not there.' };
const FILE = { description: 'PetitionFileResponse: the file as base64, its content type and name.', schema: 'petitions/petition-file.response.json' };
const BINARY = { description: 'The file itself.', schema: { type: 'string', contentEncoding: 'binary' }, contentType: 'application/octet-stream' };

const authority: ApiOperation[] = [
  {
    method: 'get',
    path: '/petitie/authority/petitions',
    operationId: 'listAuthorityPetitions',
    summary: 'The petitions addressed to the authority',
    description: `A page (DataResponse of PetitionModel). status may be repeated. ${TOKEN}`,
    access: AUTHORITY,
    parameters: [queryParameter('status', 'Only petitions of these statuses (repeatable).', { type: 'array', items: { type: 'string' } })],
    query: 'petitions/authority-petitions.query.json',
    responses: { 200: { description: 'A page of petitions.', schema: 'petitions/petition-list.response.json' }, 204: { description: 'No petition matches.' } },
    problems: { 400: INVALID, 401: 'The bearer token is not valid, or the client cannot be identified.', 403: DENIED },
  },
  {
    method: 'get',
    path: '/petitie/authority/petitions/{petitionNumber}',
    operationId: 'getAuthorityPetition',
    summary: 'One petition addressed to the authority',
    description: `PetitionModel. ${TOKEN}`,
    access: AUTHORITY,
    parameters: [NUMBER],
    responses: { 200: { description: 'The petition.', schema: 'petitions/petition.response.json' } },
    problems: { 400: 'PetitionNotFound.', 401: 'The bearer token is not valid, or the client cannot be identified.', 403: DENIED },
  },
  {
    method: 'get',
    path: '/petitie/authority/petitions/{petitionNumber}/pdf',
    operationId: 'getPetitionPdf',
    summary: 'The petition as a PDF',
    description: `PetitionFileResponse. ${TOKEN}`,
    access: AUTHORITY,
    parameters: [NUMBER],
    responses: { 200: FILE, 204: NOT_FOUND },
    problems: { 400: 'PetitionNotFound, or an invalid parameter.', 401: 'The bearer token is not valid.', 403: DENIED },
  },
  {
    method: 'get',
    path: '/petitie/authority/petitions/{petitionNumber}/attachment/{attachmentId}',
    operationId: 'getPetitionAttachment',
    summary: "One of the petition's attachments",
    description: `PetitionFileResponse. ${TOKEN}`,
    access: AUTHORITY,
    parameters: [NUMBER, pathParameter('attachmentId', 'The attachment (a GUID).', { type: 'string', format: 'uuid' })],
    responses: { 200: FILE, 204: NOT_FOUND },
    problems: { 400: 'PetitionNotFound, or an attachmentId that is not a GUID.', 401: 'The bearer token is not valid.', 403: DENIED },
  },
  {
    method: 'post',
    path: '/petitie/authority/petitions/register',
    operationId: 'registerPetition',
    summary: 'Register the start of processing',
    description: `RegisterPetitionRequestModel: the authority registered the petition; its answer is due by a date. ${TOKEN}`,
    access: AUTHORITY,
    body: { schema: 'petitions/register-petition.json', description: 'The registration.' },
    responses: { 200: { description: 'Registered.', schema: 'petitions/petition-registration.response.json' } },
    problems: { 400: `${INVALID} Or a petition that cannot be registered now.`, 401: 'The bearer token is not valid.', 403: DENIED },
  },
  {
    method: 'post',
    path: '/petitie/authority/petitions/close',
    operationId: 'closePetition',
    summary: 'Register the closure with the response document',
    description: `ClosePetitionRequestModel: the outcomes and the response document. ${TOKEN}`,
    access: AUTHORITY,
    body: { schema: 'petitions/close-petition.json', description: 'The closure.' },
    responses: { 200: { description: 'Closed.', schema: 'petitions/petition-closure.response.json' } },
    problems: { 400: `${INVALID} Or a petition that cannot be closed now, or a file not taken.`, 401: 'The bearer token is not valid.', 403: DENIED },
  },
];

const requestor: ApiOperation[] = [
  {
    method: 'post',
    path: '/petitie/requestor/petitions',
    operationId: 'listRequestorPetitions',
    summary: "The requestor's petitions",
    description: `PetitionsRequest: a page of the petitions of the owner context (contextId). ${TOKEN}`,
    access: REQUESTOR,
    body: { schema: 'petitions/petitions-request.json', description: 'Whose petitions, and which page.' },
    responses: { 200: { description: 'A page of petitions.', schema: 'petitions/petition-list.response.json' } },
    problems: { 400: INVALID, 401: 'The bearer token is not valid.', 403: 'AccessDenied: the contextId is not the caller\'s owner context.' },
  },
  {
    method: 'get',
    path: '/petitie/requestor/{contextId}/{petitionNumber}/{documentId}',
    operationId: 'getPetitionResponse',
    summary: 'The response document',
    description: `The authority's response to the petition, as a file. ${TOKEN}`,
    access: REQUESTOR,
    parameters: [CONTEXT, NUMBER, pathParameter('documentId', 'The response (responseId).')],
    responses: { 200: BINARY, 204: NOT_FOUND },
    problems: { 401: 'The bearer token is not valid.', 403: "AccessDenied: the contextId is not the caller's owner context." },
  },
  {
    method: 'get',
    path: '/petitie/requestor/extend-term/{contextId}/{petitionNumber}/{documentId}',
    operationId: 'getTermExtensionDecision',
    summary: 'A term-extension decision',
    description: `The authority's decision extending the answer's term, as a file. ${TOKEN}`,
    access: REQUESTOR,
    parameters: [CONTEXT, NUMBER, pathParameter('documentId', 'The decision (decisionId).')],
    responses: { 200: BINARY, 204: NOT_FOUND },
    problems: { 401: 'The bearer token is not valid.', 403: "AccessDenied: the contextId is not the caller's owner context." },
  },
  {
    method: 'delete',
    path: '/petitie/requestor/{contextId}/{petitionNumber}',
    operationId: 'deleteRequestorPetition',
    summary: 'Withdraw or hide a petition',
    description: `Withdrawn while the authority has not registered it, hidden from the requestor's list after. ${TOKEN}`,
    access: REQUESTOR,
    parameters: [CONTEXT, NUMBER],
    responses: { 200: { description: 'true: withdrawn or hidden.', schema: 'petitions/requestor-deletion.response.json' } },
    problems: { 400: 'PetitionNotFound.', 401: 'The bearer token is not valid.', 403: "AccessDenied: the contextId is not the caller's owner context." },
  },
];

const intake: ApiOperation[] = [
  {
    method: 'post',
    path: '/api/v1/petitions',
    operationId: 'filePetition',
    summary: 'File a petition',
    description: "For the citizens' portal: a petition to an authority, with its attachments. Location: the petition.",
    access: INTAKE,
    body: { schema: 'petitions/petition-filing.json', description: 'The petition.' },
    responses: {
      201: { description: 'Filed.', schema: 'petitions/petition-filing.response.json', headers: { Location: { description: 'The petition.', schema: { type: 'string' } } } },
    },
    problems: { 400: 'A member missing or out of its form, or an attachment not taken.', 409: 'The petition was filed already.' },
  },
  {
    method: 'get',
    path: '/api/v1/petitions',
    operationId: 'listFiledPetitions',
    summary: 'The petitions the client filed',
    description: 'Newest first, by cursor.',
    access: INTAKE,
    query: 'petitions/intake-petitions.query.json',
    responses: { 200: { description: 'A page of petitions.', schema: 'petitions/intake-petition-list.response.json' } },
    problems: { 400: 'A cursor that is not one, or a limit out of range.' },
  },
  {
    method: 'get',
    path: '/api/v1/petitions/{petitionNumber}',
    operationId: 'getPetition',
    summary: 'One petition',
    description: 'For the client that filed it, or an authority whose scope covers it.',
    access: { service: PETITIONS_SERVICE, right: [PetitionRights.intake, PetitionRights.authorityOwn, PetitionRights.authorityAll] },
    parameters: [NUMBER],
    responses: { 200: { description: 'The petition.', schema: 'petitions/petition.response.json' } },
    problems: { 403: 'AccessDenied: the client neither filed it nor is the authority it is addressed to.', 404: 'PetitionNotFound.' },
  },
  {
    method: 'post',
    path: '/api/v1/petitions/{petitionNumber}/term-extensions',
    operationId: 'extendPetitionTerm',
    summary: "Extend the answer's term",
    description: `A decision of the authority, with its document. Location: the petition. ${TOKEN}`,
    access: AUTHORITY,
    parameters: [NUMBER],
    body: { schema: 'petitions/term-extension.json', description: 'The decision.' },
    responses: { 201: { description: 'Extended.', schema: 'petitions/term-extension.response.json', headers: { Location: { description: 'The petition.', schema: { type: 'string' } } } } },
    problems: { 400: `${INVALID} Or an extension the petition cannot take.`, 401: 'The bearer token is not valid.', 403: DENIED },
  },
  {
    method: 'post',
    path: '/api/v1/petitions/{petitionNumber}/redirections',
    operationId: 'redirectPetition',
    summary: 'Redirect to the competent authority',
    description: `The petition goes to the authority competent for it, whose terms start again. Location: the petition. ${TOKEN}`,
    access: AUTHORITY,
    parameters: [NUMBER],
    body: { schema: 'petitions/redirection.json', description: 'Where to, and why.' },
    responses: { 201: { description: 'Redirected.', schema: 'petitions/redirection.response.json', headers: { Location: { description: 'The petition.', schema: { type: 'string' } } } } },
    problems: { 400: `${INVALID} Or a petition that cannot be redirected now.`, 401: 'The bearer token is not valid.', 403: DENIED },
  },
];

export const petitionsApi: ServiceApi = {
  tag: 'petitions',
  description: `The petition service (e-democracy): authorities list, download, register and close the petitions addressed to them; a citizen or economic operator lists theirs, downloads the answers and withdraws; the portal files petitions. ${CODES}`,
  operations: [...authority, ...requestor, ...intake],
};
