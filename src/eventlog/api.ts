import { pathParameter, type ServiceApi } from '../platform/openapi/api-description';
import { EventLogRights } from './rights';
import { EVENTLOG_SERVICE } from './service';

const right = (name: string) => ({ service: EVENTLOG_SERVICE, right: name });
const LOGGED_SEARCH = 'The search is itself logged, as an EventLog personal-data event of the searcher.';

export const eventLogApi: ServiceApi = {
  tag: 'eventlog',
  description:
    'The event-logging service: systems register events (signed with JWS, unsigned or mixed), search their own by registration UID or time range, and a data subject\'s personal-data accesses are searched across systems. Paths and answers as the public guide names them; the personal-data search follows the platform conventions.',
  operations: [
    {
      method: 'post',
      path: '/register',
      operationId: 'registerEvents',
      summary: 'Register one event or a batch',
      description: 'Signed (a JWS compact token, RS256 with the key of the client certificate, kid its serial number in hex), unsigned, or mixed; whole or not at all.',
      access: right(EventLogRights.register),
      body: { schema: 'eventlog/registration.json', description: 'The events, whatever the Content-Type says (raw JSON, or one item per line).', alsoAccepts: ['text/plain'] },
      responses: { 200: { description: 'Registered.', schema: 'eventlog/registered.response.json' } },
      problems: {
        400: 'Not valid JSON or JWS, an event without event_time or event_type, a reserved field name, a string over 32766 bytes.',
        401: 'A signed event that cannot be tied to a registered system (unknown key, bad signature), or a caller that cannot be identified.',
        409: 'A registration of the same identifier exists with other events.',
        413: 'The message is over 256 KB.',
      },
    },
    {
      method: 'get',
      path: '/query/{uid}',
      operationId: 'getRegistration',
      summary: "One registration's events",
      description: `The events the caller registered under this UID. The query says who searches. ${LOGGED_SEARCH}`,
      access: right(EventLogRights.query),
      parameters: [pathParameter('uid', 'The UID the registration was answered with.')],
      query: 'eventlog/query-by-uid.json',
      responses: { 200: { description: 'The events.', schema: 'eventlog/query-result.response.json' } },
      problems: { 400: 'A parameter that is not known, given twice, or too long to log.', 404: 'The caller registered no event under this UID.' },
    },
    {
      method: 'get',
      path: '/query',
      operationId: 'searchByTimeRange',
      summary: 'Search by time range',
      description: `The caller's events between two times, filtered by field values, a page at a time (page * page_size at most 10000). ${LOGGED_SEARCH}`,
      access: right(EventLogRights.query),
      query: 'eventlog/query-by-time-range.json',
      responses: { 200: { description: 'A page of events.', schema: 'eventlog/query-result.response.json' } },
      problems: { 400: 'A missing legal_basis or time, a time that is not event_time syntax, a bad filter or page.', 404: 'No event matches.' },
    },
    {
      method: 'post',
      path: '/api/v1/personal-data-accesses/searches',
      operationId: 'searchPersonalDataAccesses',
      summary: "Who accessed a person's data",
      description: `The personal-data accesses that name a data subject, across every system, by cursor. The subject travels in the body, never in the URL. ${LOGGED_SEARCH}`,
      access: right(EventLogRights.personalData),
      body: { schema: 'eventlog/personal-data-access-search.json', description: 'Whose accesses, and who searches on what legal basis.' },
      responses: { 200: { description: 'A page of accesses.', schema: 'eventlog/personal-data-accesses.response.json' } },
      problems: { 400: 'Not valid JSON, a missing subject or legal basis, a bad time range or cursor.' },
    },
  ],
};
