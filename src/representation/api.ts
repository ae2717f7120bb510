import { pathParameter, type ApiAccess, type ApiOperation, type ApiResponse, type ServiceApi } from '../platform/openapi/api-description';
import { CheckEndpoints, RepresentationRights } from './rights';
import { CLIENTS_API, INTAKE_API, REPRESENTATION_SERVICE } from './service';

const right = (name: string | string[]): ApiAccess => ({ service: REPRESENTATION_SERVICE, right: name });
const MANAGE = right(RepresentationRights.manageAuthorizations);
const MANAGE_TYPES = right(RepresentationRights.manageAuthorizationTypes);

const SCOPE =
  'A client sees the powers and types of its own service provider (its registry IDNO) only, unless the registry grants it `view-all`.';
const ENVELOPE =
  "Answered in the seed's envelope (`data`, `success`, `messages`), for the instant asked: the status is computed from the power's dates and the clock. Query parameter names are matched whatever their case.";
const CHECK_REFUSALS =
  "Every refusal is problem details and the seed's envelope in one body (`data` null, `success` false, one `messages` entry per cause, `<code>: <cause>`), the 401 and 429 of the platform too.";
const LOGGED = 'The answer shows persons\' data: it is registered as a MPower.PersonalData.Access legal event before it leaves.';

const CODE = pathParameter('code', "The power's 16-digit code (it may start with 0).", { type: 'string', pattern: '^[0-9]{16}$' });
const TYPE_CODE = pathParameter('code', 'The authorization type\'s code: "AT-" and 7 letters or digits.', { type: 'string', pattern: '^AT-[0-9A-Za-z]{7}$' });
const LOCATION = (what: string) => ({ Location: { description: what, schema: { type: 'string' } } });

/** the problems of a check: the seed's error table (its codes start each message) */
const CHECK_PROBLEMS = {
  400: 'InvalidParameter: a parameter missing, unknown, given twice or out of its form (each named in `errors` and `messages`).',
  403: "AccessDenied: the client lacks the path's right, or the power belongs to another service provider and the client may not view all.",
  404: 'NotFound: no such power (TypeCode-Valid-One: none of that type between the two parties).',
  500: "ServerError: the service cannot reach its database (the event log) now; send again after Retry-After.",
  501: 'ServerError: any other fault; its details are in the log under the traceId.',
};

function check(endpoint: string, operationId: string, summary: string, description: string, query: string, response: ApiResponse): ApiOperation {
  return {
    method: 'get',
    path: `${CLIENTS_API}${endpoint}`,
    operationId,
    summary,
    description: `${description} ${ENVELOPE} ${SCOPE} ${CHECK_REFUSALS}`,
    access: right(endpoint),
    query,
    responses: { 200: response },
    problems: CHECK_PROBLEMS,
    problemSchema: 'representation/check-refusal.response.json',
  };
}

const checks: ApiOperation[] = [
  check(
    CheckEndpoints.codeTrueOne,
    'checkAuthorizationCodeTrueOne',
    'Whether a power is valid now',
    "true when the power of this code is valid at this instant. Shows no one's data.",
    'representation/authorization-code.query.json',
    { description: '`data`: whether the power is valid now.', schema: 'representation/code-true-one.response.json' },
  ),
  check(
    CheckEndpoints.codeDetailsOne,
    'checkAuthorizationCodeDetailsOne',
    "A power's details",
    `AuthorizationDetails of the power of this code: its parties, type, service provider and validity now. ${LOGGED}`,
    'representation/authorization-code.query.json',
    { description: '`data`: the AuthorizationDetails.', schema: 'representation/code-details-one.response.json' },
  ),
  check(
    CheckEndpoints.typeCodeValidOne,
    'checkAuthorizationTypeCodeValidOne',
    'Whether one party may act for another in a type of power',
    `The power of this type the authorizing party granted the authorized one, and whether it is valid now. ${LOGGED}`,
    'representation/type-code-valid-one.query.json',
    { description: "`data`: the power's code and whether it is valid now.", schema: 'representation/type-code-valid-one.response.json' },
  ),
  check(
    CheckEndpoints.idnDetailsList,
    'checkAuthorizationIdnDetailsList',
    'The powers a person or entity granted or received',
    `A page (at most 20) of AuthorizationDetails of the powers granted and received by IDNx, filtered by status now, type, dates and the other party. ${LOGGED}`,
    'representation/idn-details-list.query.json',
    { description: '`data`: one page of AuthorizationDetails, empty past the last.', schema: 'representation/idn-details-list.response.json' },
  ),
  check(
    CheckEndpoints.file,
    'getAuthorizationFile',
    'The authorization file (PDF)',
    `The power as a PDF issued now, base64 in the envelope: its parties, co-signers, validity, and the SHA-256 of its state (checked again by POST ${INTAKE_API}/authorizations/{code}/file-verifications). ${LOGGED}`,
    'representation/authorization-code.query.json',
    { description: '`data`: the PDF, base64, and its content type.', schema: 'representation/file.response.json' },
  ),
];

const INVALID_CODE = 'A code that is not one (16 digits), or a body missing a member, with one it does not know, or out of its form (each named in `errors`).';
const LACKS = 'The client lacks the right, or ';
const NOT_YOURS = `${LACKS}the power's type belongs to another service provider than the client's, and the client may not view all.`;
const POWER: ApiResponse = { description: 'The power after the move, without anyone\'s data.', schema: 'representation/authorization.response.json' };

/** a move on one power (section E: a sub-resource), with the body it takes */
function move(subResource: string, operationId: string, summary: string, description: string, schema: string, bodyDescription: string): ApiOperation {
  return {
    method: 'post',
    path: `${INTAKE_API}/authorizations/{code}/${subResource}`,
    operationId,
    summary,
    description: `${description} 409 when the power's status at this instant does not allow it (the reason in detail).`,
    access: MANAGE,
    parameters: [CODE],
    body: { schema, description: bodyDescription },
    responses: { 201: POWER },
    problems: { 400: INVALID_CODE, 403: NOT_YOURS, 404: 'No power of this code.', 409: 'The power\'s status now does not allow the move (a power already ended, one not pending acceptance, a co-signer who signed already).' },
  };
}

const authorizations: ApiOperation[] = [
  {
    method: 'post',
    path: `${INTAKE_API}/authorizations`,
    operationId: 'grantAuthorization',
    summary: 'Grant a power of representation',
    description: `A power of a type of the client's service provider, between two parties, for a period. It starts as a draft, pending co-signatures or acceptance, or pending its start, as the type requires. Location: the power. ${SCOPE}`,
    access: MANAGE,
    body: { schema: 'representation/authorization.json', description: 'The power to grant.' },
    responses: { 201: { description: 'Granted: its code and status now.', schema: 'representation/authorization.response.json', headers: LOCATION('The power.') } },
    problems: { 400: 'A member missing, unknown or out of its form, or a power the type does not allow (dates, parties, co-signers).', 403: `${LACKS}the type belongs to another service provider than the client's.`, 404: 'No authorization type of this code.' },
  },
  {
    method: 'get',
    path: `${INTAKE_API}/authorizations`,
    operationId: 'listAuthorizations',
    summary: 'The powers the client sees',
    description: `By code, a page at a time (cursor paging); the items name no one. ${SCOPE}`,
    access: MANAGE,
    query: 'representation/authorizations-list.query.json',
    responses: { 200: { description: 'A page of powers.', schema: 'representation/authorization-list.response.json' } },
    problems: { 400: 'A parameter unknown, given twice or out of its form (a cursor that is not a code, a limit out of range).' },
  },
  {
    method: 'get',
    path: `${INTAKE_API}/authorizations/{code}`,
    operationId: 'getAuthorization',
    summary: 'One power, whole',
    description: `The power with its parties, co-signers, dates, how it ended, and the SHA-256 an authorization file issued now would print. ${LOGGED} ${SCOPE}`,
    access: MANAGE,
    parameters: [CODE],
    responses: { 200: { description: 'The power.', schema: 'representation/authorization-view.response.json' } },
    problems: { 400: 'A code that is not one (16 digits).', 403: NOT_YOURS, 404: 'No power of this code.' },
  },
  move('co-signatures', 'coSignAuthorization', 'A co-signer signs', 'One of the co-signers the power names signs it; once all have, it goes on to acceptance or validity.', 'representation/co-signature.json', 'Who signs: the co-signer\'s IDNP.'),
  move('acceptances', 'acceptAuthorization', 'The representative accepts', 'The authorized party accepts a power whose type requires it. The body may be empty.', 'representation/acceptance.json', 'Nothing: an empty object, or no body at all.'),
  move('suspensions', 'suspendAuthorization', 'Suspend a power', 'The power stops being valid until it is resumed.', 'representation/suspension.json', 'Why (optional).'),
  move('resumptions', 'resumeAuthorization', 'Resume a suspended power', 'A suspended power is valid again (within its period). The body may be empty.', 'representation/resumption.json', 'Nothing: an empty object, or no body at all.'),
  move('revocations', 'revokeAuthorization', 'The represented party revokes', 'The authorizing party ends the power; it is canceled for good.', 'representation/revocation.json', 'Why (optional).'),
  move('renunciations', 'renounceAuthorization', 'The representative renounces', 'The authorized party gives the power up; it is canceled for good.', 'representation/renunciation.json', 'Why (optional).'),
  {
    method: 'post',
    path: `${INTAKE_API}/authorizations/{code}/file-verifications`,
    operationId: 'verifyAuthorizationFile',
    summary: 'Whether an authorization file still holds',
    description: `Whether the SHA-256 an authorization file prints still states the power as it is now (a file issued before a move, or before the power expired, does not). Needs the right of the file, \`${CheckEndpoints.file}\`. ${SCOPE}`,
    access: right(CheckEndpoints.file),
    parameters: [CODE],
    body: { schema: 'representation/file-verification.json', description: 'The SHA-256 the file prints.' },
    responses: { 200: { description: 'Whether it matches, and the power\'s status now.', schema: 'representation/file-verification.response.json' } },
    problems: { 400: INVALID_CODE, 403: NOT_YOURS, 404: 'No power of this code.' },
  },
];

const TYPE: ApiResponse = { description: 'The authorization type.', schema: 'representation/authorization-type.response.json' };
const INVALID_TYPE = 'A code that is not one ("AT-" and 7 letters or digits), or a member missing, unknown or out of its form (each named in `errors`).';

const types: ApiOperation[] = [
  {
    method: 'post',
    path: `${INTAKE_API}/authorization-types`,
    operationId: 'defineAuthorizationType',
    summary: 'Define an authorization type',
    description: `Reference data: a kind of power a service provider grants, whether it needs acceptance and co-signing. The same definition again is answered 200. Location: the type. ${SCOPE}`,
    access: MANAGE_TYPES,
    body: { schema: 'representation/authorization-type.json', description: 'The type.' },
    responses: { 200: { ...TYPE, description: 'Defined already, as it is.', headers: LOCATION('The type.') }, 201: { ...TYPE, description: 'Defined.', headers: LOCATION('The type.') } },
    problems: { 400: INVALID_TYPE, 403: `${LACKS}the type's service provider is not the client's.`, 409: 'A type of this code is defined otherwise.' },
  },
  {
    method: 'put',
    path: `${INTAKE_API}/authorization-types/{code}`,
    operationId: 'updateAuthorizationType',
    summary: 'Change an authorization type',
    description: `Its names and rules, for the powers granted from now on; its service provider cannot change. ${SCOPE}`,
    access: MANAGE_TYPES,
    parameters: [TYPE_CODE],
    body: { schema: 'representation/authorization-type-update.json', description: 'The type as it is to be.' },
    responses: { 200: { ...TYPE, description: 'Changed.' } },
    problems: { 400: INVALID_TYPE, 403: `${LACKS}the type's service provider is not the client's.`, 404: 'No authorization type of this code.', 409: 'A change of its service provider.' },
  },
  {
    method: 'get',
    path: `${INTAKE_API}/authorization-types`,
    operationId: 'listAuthorizationTypes',
    summary: 'The authorization types the client sees',
    description: `By code, a page at a time (cursor paging). Either intake right reads them: managing systems to grant powers, type managers to change them. ${SCOPE}`,
    access: right([RepresentationRights.manageAuthorizationTypes, RepresentationRights.manageAuthorizations]),
    query: 'representation/authorization-types-list.query.json',
    responses: { 200: { description: 'A page of types.', schema: 'representation/authorization-type-list.response.json' } },
    problems: { 400: 'A parameter unknown, given twice or out of its form (a cursor that is not a type code, a limit out of range).' },
  },
  {
    method: 'get',
    path: `${INTAKE_API}/authorization-types/{code}`,
    operationId: 'getAuthorizationType',
    summary: 'One authorization type',
    description: `Either intake right reads it. ${SCOPE}`,
    access: right([RepresentationRights.manageAuthorizationTypes, RepresentationRights.manageAuthorizations]),
    parameters: [TYPE_CODE],
    responses: { 200: TYPE },
    problems: { 400: 'A code that is not one ("AT-" and 7 letters or digits).', 403: `${LACKS}the type's service provider is not the client's.`, 404: 'No authorization type of this code.' },
  },
];

export const representationApi: ServiceApi = {
  tag: 'representation',
  description: `The power-of-representation service (MPower): the seed's five checks under ${CLIENTS_API} (paths, parameters and envelope as its guide names them; each right is the path, as its AllowedEndpoints), and the intake of powers and authorization types under ${INTAKE_API}, following the platform's conventions.`,
  operations: [...checks, ...authorizations, ...types],
};
