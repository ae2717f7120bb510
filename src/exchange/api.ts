import { pathParameter, queryParameter, type ApiOperation, type ApiParameter, type ServiceApi } from '../platform/openapi/api-description';
import { WS_PATH, WS_PROTOCOL } from './websocket';

const IDENTITY_PROBLEMS = {
  400: 'Malformed: no client certificate, a missing or invalid attribute or header, a body that is not what the Content-Type says.',
  401: 'The certificate is not trusted or not registered, or the client may not do this (not a producer of this source and type, not a consumer).',
};

const CE_HEADERS: ApiParameter[] = [
  { name: 'ce-specversion', in: 'header', required: true, description: 'The CloudEvents version: 1.0.', schema: { const: '1.0' } },
  { name: 'ce-id', in: 'header', required: true, description: 'The event id; source + id is unique for each distinct event.', schema: { type: 'string', minLength: 1 }, example: 'order-1' },
  { name: 'ce-source', in: 'header', required: true, description: 'Where the event happened (a URI reference the producer may use).', schema: { type: 'string' }, example: 'urn:demo:producer' },
  { name: 'ce-type', in: 'header', required: true, description: 'The event type.', schema: { type: 'string' }, example: 'demo.order.created' },
  { name: 'ce-subject', in: 'header', description: 'What the event is about, within its source.', schema: { type: 'string' } },
  { name: 'ce-time', in: 'header', description: 'When it happened (RFC 3339); the time of receipt when left out.', schema: { type: 'string', format: 'date-time' } },
  { name: 'ce-partitionkey', in: 'header', description: 'Events of one key are delivered in order.', schema: { type: 'string' } },
];

const RAW_BODY = {
  schema: { description: 'The payload as it is: JSON, text or bytes.' },
  alsoAccepts: ['application/octet-stream', 'text/plain'],
  description: 'The event payload; its attributes travel as ce-* headers (binary mode).',
  example: { orderId: 1 },
};

const ACCEPTED = { 202: { description: 'Stored durably for every consumer it is for.' } };

function produceOperations(base: string, operationPrefix: 'produce' | 'produceTest', what: string): ApiOperation[] {
  const problems = {
    ...IDENTITY_PROBLEMS,
    409: 'An event under a source + id already used by a different event.',
    413: 'The request is larger than the exchange takes (EXCHANGE_MAX_REQUEST_BYTES).',
    422: "An event's data does not fit its type's payload schema in the catalogue.",
  };
  return [
    {
      method: 'post',
      path: `${base}/raw`,
      operationId: `${operationPrefix}Raw`,
      summary: `${what}: one event in binary mode`,
      description: `One event whose attributes are ce-* headers and whose payload is the body. Answered 202 once it is on disk.`,
      access: 'identified',
      parameters: CE_HEADERS,
      body: RAW_BODY,
      responses: ACCEPTED,
      problems,
    },
    {
      method: 'post',
      path: `${base}/event`,
      operationId: `${operationPrefix}Event`,
      summary: `${what}: one structured event`,
      description: 'One event in the CloudEvents JSON format. Answered 202 once it is on disk.',
      access: 'identified',
      body: { schema: 'exchange/cloud-event.json', contentType: 'application/cloudevents+json', description: 'The event.' },
      responses: ACCEPTED,
      problems,
    },
    {
      method: 'post',
      path: `${base}/events`,
      operationId: `${operationPrefix}Events`,
      summary: `${what}: a batch`,
      description: 'A JSON array of events, stored in one transaction: all or none. Safe to retry as a whole.',
      access: 'identified',
      body: { schema: 'exchange/cloud-event-batch.json', contentType: 'application/cloudevents-batch+json', description: 'The events.' },
      responses: ACCEPTED,
      problems,
    },
  ];
}

const INSTANCE_PATH = '/{bridge}/ce/consumers/{group}/instances/{instance}';
const INSTANCE_PARAMETERS = [
  pathParameter('bridge', 'The bridge that holds the instance (from its base URL).'),
  pathParameter('group', 'The consumer group (from its base URL).'),
  pathParameter('instance', 'The instance id (from its base URL).'),
];
const CONFIRM = queryParameter('confirm', 'true: first confirm every event this instance read before.', { type: 'boolean', default: false });
const NO_INSTANCE = 'No such instance on this bridge (deleted, expired, never created, or on another bridge).';
const CONSUMER_OPTIONS = [
  queryParameter('events', 'Read standard events.', { type: 'boolean', default: true }),
  queryParameter('test', "Read the caller's own test events.", { type: 'boolean', default: true }),
  queryParameter('dead', 'Read the dead events the caller reported.', { type: 'boolean', default: false }),
  queryParameter('group', 'The consumer group: instances of one group share its events. Set only when two parts of a system must each get every event.', {
    type: 'string',
    pattern: '^[~A-Za-z0-9._-]{1,100}$',
    default: '~default',
  }),
];
const CONSUMER_PROBLEMS = { ...IDENTITY_PROBLEMS, 400: 'An unknown parameter, a group name that is not valid, or events, test and dead all false.', 429: 'The client holds as many consumer instances as it may, or is over its rate limit.' };
const POLL = 'Waits up to the poll timeout for an event; 204 when none came.';

function readOperation(suffix: 'raw' | 'event' | 'events', summary: string, description: string, response: ApiOperation['responses'][number]): ApiOperation {
  return {
    method: 'get',
    path: `${INSTANCE_PATH}/${suffix}`,
    operationId: `read${suffix.charAt(0).toUpperCase()}${suffix.slice(1)}`,
    summary,
    description: `${description} ${POLL}`,
    access: 'identified',
    parameters: [...INSTANCE_PARAMETERS, CONFIRM],
    responses: { 200: response, 204: { description: 'No event arrived before the poll timeout.' } },
    problems: { ...IDENTITY_PROBLEMS, 404: NO_INSTANCE },
  };
}

const CONSUME: ApiOperation[] = [
  {
    method: 'post',
    path: '/ce/consumers',
    operationId: 'createConsumer',
    summary: 'Create a long-polling consumer instance',
    description: 'An instance of a consumer group; the Location header is its base URL. Delete it when the consumer shuts down; unused, it expires.',
    access: 'identified',
    parameters: CONSUMER_OPTIONS,
    responses: {
      201: {
        description: 'Created.',
        schema: 'exchange/consumer-instance.response.json',
        headers: { Location: { description: "The instance's absolute base URL.", schema: { type: 'string', format: 'uri' } } },
      },
    },
    problems: CONSUMER_PROBLEMS,
  },
  readOperation('raw', 'Read one event in binary mode', 'The payload in the body, the attributes and the offset in ce-* headers.', {
    description: 'An event: its data as it was produced, in the media type it was produced with (its datacontenttype, exactly).',
    schema: { description: 'The payload as it was produced.' },
    contentType: '*/*',
    headers: { 'ce-offset': { description: 'The offset to confirm the event by.', schema: { type: 'string' } } },
  }),
  readOperation('event', 'Read one structured event', 'One event in the CloudEvents JSON format, with its offset.', {
    description: 'An event.',
    schema: 'exchange/delivered-event.response.json',
    contentType: 'application/cloudevents+json',
  }),
  readOperation('events', 'Read a batch of events', 'Up to the batch size, collected for a moment before the answer.', {
    description: 'Events.',
    schema: 'exchange/delivered-events.response.json',
    contentType: 'application/cloudevents-batch+json',
  }),
  {
    method: 'post',
    path: `${INSTANCE_PATH}/confirm`,
    operationId: 'confirmEvents',
    summary: 'Confirm events',
    description: 'Confirms every event of this instance up to the offset, or every event it read when no offset is given. Unconfirmed events of a deleted or expired instance go back to its group.',
    access: 'identified',
    parameters: [...INSTANCE_PARAMETERS, queryParameter('offset', 'Confirm up to this offset (a decimal string).', { type: 'string', pattern: '^[1-9][0-9]{0,15}$' })],
    responses: { 204: { description: 'Confirmed.' } },
    problems: { ...IDENTITY_PROBLEMS, 400: 'The offset is not a positive integer.', 404: NO_INSTANCE },
  },
  {
    method: 'post',
    path: `${INSTANCE_PATH}/dead`,
    operationId: 'reportDeadEvent',
    summary: 'Report a dead event',
    description: 'An event the consumer cannot handle, as raw produce takes one (it may be changed for later handling); consumed again by an instance created with dead=true.',
    access: 'identified',
    parameters: [...INSTANCE_PARAMETERS, ...CE_HEADERS],
    body: RAW_BODY,
    responses: ACCEPTED,
    problems: { ...IDENTITY_PROBLEMS, 404: NO_INSTANCE, 413: 'The request is larger than the exchange takes.' },
  },
  {
    method: 'delete',
    path: INSTANCE_PATH,
    operationId: 'deleteConsumer',
    summary: 'Delete a consumer instance',
    description: 'Its unconfirmed events go back to its group. Call it before the consumer shuts down.',
    access: 'identified',
    parameters: INSTANCE_PARAMETERS,
    responses: { 204: { description: 'Deleted.' } },
    problems: { ...IDENTITY_PROBLEMS, 404: NO_INSTANCE },
  },
  {
    method: 'get',
    path: WS_PATH,
    operationId: 'consumeOverWebSocket',
    summary: 'Consume over WebSocket',
    description: `The recommended way to consume: an HTTP/1.1 upgrade (or HTTP/2 extended CONNECT) with the sub-protocol ${WS_PROTOCOL}. The server sends one JSON message per event (the delivered event with its offset); the client sends \`confirm:<offset>\` or \`dead:<event JSON>\`; anything else closes the connection. The messages are in the AsyncAPI document (/api/v1/asyncapi.json).`,
    access: 'identified',
    parameters: [...CONSUMER_OPTIONS, { name: 'Sec-WebSocket-Protocol', in: 'header', required: true, description: 'The sub-protocol.', schema: { const: WS_PROTOCOL } }],
    responses: { 101: { description: 'Switching to the WebSocket protocol.' } },
    problems: { ...CONSUMER_PROBLEMS, 400: `${CONSUMER_PROBLEMS[400]} Or the sub-protocol ${WS_PROTOCOL} was not offered.`, 404: 'A request that is not a WebSocket upgrade.' },
  },
];

const TOOLS: ApiOperation[] = [
  {
    method: 'get',
    path: '/ce/tools/my-settings',
    operationId: 'getMySettings',
    summary: 'What the registry says of the caller',
    description: 'Its produce and consume rights, its rights in the services, and the limits of this bridge.',
    access: 'identified',
    responses: { 200: { description: 'The settings.', schema: 'exchange/my-settings.response.json' } },
    problems: IDENTITY_PROBLEMS,
  },
  {
    method: 'get',
    path: '/ce/tools/my-groups',
    operationId: 'getMyGroups',
    summary: "Where the caller's consumer groups stand",
    description: 'Per group and kind, what is confirmed and how many events wait; the instances open on this bridge.',
    access: 'identified',
    responses: { 200: { description: 'The groups.', schema: 'exchange/my-groups.response.json' } },
    problems: IDENTITY_PROBLEMS,
  },
  {
    method: 'get',
    path: '/ce/tools/event-types',
    operationId: 'listEventTypes',
    summary: 'The event types the caller may produce or consume',
    description: 'The types of the catalogue with a payload schema, among those the caller may produce or consume.',
    access: 'identified',
    responses: { 200: { description: 'The types.', schema: 'exchange/event-types.response.json' } },
    problems: IDENTITY_PROBLEMS,
  },
  {
    method: 'get',
    path: '/ce/tools/event-types/{type}/schema',
    operationId: 'getEventTypeSchema',
    summary: "An event type's payload schema",
    description: 'The JSON Schema that events of the type must fit (422 otherwise).',
    access: 'identified',
    parameters: [pathParameter('type', 'The event type.')],
    responses: { 200: { description: 'The schema.', schema: 'exchange/event-type-schema.response.json', contentType: 'application/schema+json' } },
    problems: { ...IDENTITY_PROBLEMS, 404: 'No schema for the type among those the caller may produce or consume.' },
  },
];

export const exchangeApi: ServiceApi = {
  tag: 'exchange',
  description:
    'The CloudEvents exchange: producers publish events (raw, structured, batch); consumers read them over WebSocket or long polling and confirm them; dead and test events; developer tools. Producers and consumers are registry clients with exchange rights (a source and type list to produce, a type list to consume).',
  operations: [...produceOperations('/ce/produce', 'produce', 'Produce'), ...CONSUME, ...produceOperations('/ce/tools/produce', 'produceTest', 'Produce test events'), ...TOOLS],
};
