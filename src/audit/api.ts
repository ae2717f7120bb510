import { pathParameter, queryParameter, type ApiOperation, type ServiceApi } from '../platform/openapi/api-description';
import { AuditRights } from './rights';
import { AUDIT_SERVICE } from './service';

const access = { service: AUDIT_SERVICE, right: AuditRights.read };
const PAGING = [
  queryParameter('cursor', 'Where the page starts: a nextCursor of the page before (from the start when left out).', { type: 'string', pattern: '^[0-9]{1,15}$' }),
  queryParameter('limit', 'The most events on the page (a page also stops at 4 MB of events).', { type: 'integer', minimum: 1, maximum: 1000, default: 100 }),
  queryParameter('legalBasis', 'Why the auditor reads: the legal basis of the personal-data access logged for the people the page names.', {
    type: 'string',
    minLength: 1,
    maxLength: 1000,
    default: 'audit of the platform log',
  }),
];
const LOGGED = 'A page that names people is logged first, as an Audit.PersonalData.Access event of the auditor about each of them.';
const BAD_PAGING = 'A cursor that is not one, a limit out of 1 to 1000, or a legalBasis out of 1 to 1000 characters.';

const operations: ApiOperation[] = [
  {
    method: 'get',
    path: '/api/v1/audit/streams/{streamId}/events',
    operationId: 'listStreamEvents',
    summary: "One aggregate's history",
    description: `Every event of one stream in order, with who caused it and when it was recorded. ${LOGGED}`,
    access,
    parameters: [pathParameter('streamId', 'The stream, e.g. booking-appointment-<id>.'), ...PAGING],
    responses: { 200: { description: 'A page of the stream.', schema: 'audit/stream-events.response.json' } },
    problems: { 400: BAD_PAGING, 404: 'The stream has no events.' },
  },
  {
    method: 'get',
    path: '/api/v1/audit/events',
    operationId: 'listLogEvents',
    summary: 'The whole log',
    description: `The events of the whole log in order, optionally of one type, with who caused each. ${LOGGED}`,
    access,
    parameters: [queryParameter('type', 'Only events of this type.', { type: 'string' }), ...PAGING],
    responses: { 200: { description: 'A page of the log.', schema: 'audit/log-events.response.json' } },
    problems: { 400: BAD_PAGING },
  },
];

export const auditApi: ServiceApi = {
  tag: 'audit',
  description: 'The log as an audit trail, for auditors: the history of one aggregate or of the whole log, with who caused each event. Paged by cursor.',
  operations,
};
