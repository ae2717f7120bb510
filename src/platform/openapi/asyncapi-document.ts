import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EventSchemas } from '../../exchange/event-schemas';
import { WS_PATH, WS_PROTOCOL } from '../../exchange/websocket';
import { schemasDir } from '../project-paths';
import type { JsonSchema } from './api-description';
import { eventPayloads, type EventPayload } from './event-payloads';
import { convertSchema } from './schema-conversion';

export const ASYNCAPI_VERSION = '3.0.0';

export type AsyncApiInput = { catalogue: EventSchemas; publicUrl: string; version: string };

const CLOUD_EVENT = 'CloudEvent';
const CONSUMER_QUERY = {
  type: 'object',
  properties: {
    events: { type: 'boolean', default: true, description: 'Read standard events.' },
    test: { type: 'boolean', default: true, description: "Read the caller's own test events." },
    dead: { type: 'boolean', default: false, description: 'Read the dead events the caller reported.' },
    group: { type: 'string', default: '~default', description: 'The consumer group: instances of one group share its events.' },
  },
};
const INSTANCE_PARAMETERS = {
  bridge: { description: 'The bridge that holds the instance.' },
  group: { description: 'The consumer group.' },
  instance: { description: 'The instance id.' },
};

/**
 * The AsyncAPI 3.0 description of the exchange: its WebSocket and long-polling channels, the produce
 * endpoints, and one message per event type (the CloudEvent whose `data` is the type's payload schema).
 * Operations are the exchange's: it sends events to consumers and receives them from producers.
 */
export function buildAsyncApi(input: AsyncApiInput): JsonSchema {
  const payloads = eventPayloads(input.catalogue);
  const eventMessages = Object.fromEntries(payloads.map((payload) => [payload.key, { $ref: `#/components/messages/${payload.key}` }]));
  const messageRefs = (channel: string) => payloads.map((payload) => ({ $ref: `#/channels/${channel}/messages/${pointerToken(payload.key)}` }));
  const { host, protocol } = new URL(input.publicUrl);
  const server = (scheme: string) => ({ host, protocol: scheme, description: `This bridge (${protocol}//${host}), over mutual TLS.`, security: [{ $ref: '#/components/securitySchemes/mutualTLS' }] });
  return {
    asyncapi: ASYNCAPI_VERSION,
    info: {
      title: 'eGov integration platform: events',
      version: input.version,
      description:
        'The event types of the platform: those its services append to the log (source urn:md:gov:<service>) and those of the operator\'s catalogue, each a CloudEvent whose data is pinned by the type\'s payload schema. Consumers read them over WebSocket or long polling (each delivery carries an `offset` to confirm); producers publish them over HTTPS. The HTTP operations themselves are in the OpenAPI document at /api/v1/openapi.json.',
    },
    defaultContentType: 'application/cloudevents+json',
    servers: { wss: server('wss'), https: server('https') },
    channels: {
      webSocket: {
        address: WS_PATH,
        title: 'WebSocket consumption',
        description: `The recommended way to consume (sub-protocol ${WS_PROTOCOL}). The exchange sends one message per event, with its offset, holding at most a window of unconfirmed events; the consumer sends confirm:<offset> and dead:<event JSON>. Any other message closes the connection.`,
        servers: [{ $ref: '#/servers/wss' }],
        messages: { ...eventMessages, confirm: { $ref: '#/components/messages/confirm' }, dead: { $ref: '#/components/messages/dead' } },
        bindings: { ws: { method: 'GET', query: CONSUMER_QUERY, bindingVersion: '0.1.0' } },
      },
      longPolling: {
        address: '/{bridge}/ce/consumers/{group}/instances/{instance}/events',
        title: 'Long polling',
        description: 'A consumer instance created by POST /ce/consumers reads batches of events (also one at a time at .../event, or in binary mode at .../raw) and confirms them at .../confirm.',
        servers: [{ $ref: '#/servers/https' }],
        parameters: INSTANCE_PARAMETERS,
        messages: eventMessages,
      },
      produce: {
        address: '/ce/produce/events',
        title: 'Produce',
        description: 'Producers publish events as a batch (application/cloudevents-batch+json), one structured event (/ce/produce/event) or one raw event (/ce/produce/raw); 202 once stored.',
        servers: [{ $ref: '#/servers/https' }],
        messages: eventMessages,
      },
    },
    operations: {
      deliverOverWebSocket: { action: 'send', title: 'Deliver events over WebSocket', channel: { $ref: '#/channels/webSocket' }, messages: messageRefs('webSocket') },
      receiveConfirmations: {
        action: 'receive',
        title: 'Receive confirms and dead reports',
        channel: { $ref: '#/channels/webSocket' },
        messages: [{ $ref: '#/channels/webSocket/messages/confirm' }, { $ref: '#/channels/webSocket/messages/dead' }],
      },
      deliverByLongPolling: {
        action: 'send',
        title: 'Answer a long poll with events',
        channel: { $ref: '#/channels/longPolling' },
        bindings: { http: { method: 'GET', bindingVersion: '0.3.0' } },
        messages: messageRefs('longPolling'),
      },
      receiveProduced: {
        action: 'receive',
        title: 'Receive produced events',
        channel: { $ref: '#/channels/produce' },
        bindings: { http: { method: 'POST', bindingVersion: '0.3.0' } },
        messages: messageRefs('produce'),
      },
    },
    components: {
      schemas: { [CLOUD_EVENT]: cloudEventSchema(), ...Object.fromEntries(payloads.flatMap((payload) => [[payload.key, payload.schema], ...Object.entries(payload.definitions)])) },
      messages: { ...Object.fromEntries(payloads.map((payload) => [payload.key, eventMessage(payload)])), ...CONSUMER_MESSAGES },
      securitySchemes: {
        mutualTLS: { type: 'X509', description: 'Mutual TLS: a client certificate of the platform\'s CA whose subject is a registry client with exchange rights.' },
      },
    },
  };
}

function eventMessage({ type, key, schema }: EventPayload): JsonSchema {
  const service = /^md\.gov\.([^.]+)\./.exec(type)?.[1];
  return {
    name: type,
    title: type,
    ...(typeof schema.description === 'string' ? { summary: schema.description } : {}),
    contentType: 'application/cloudevents+json',
    ...(service ? { tags: [{ name: service }] } : {}),
    payload: {
      allOf: [
        { $ref: `#/components/schemas/${CLOUD_EVENT}` },
        { type: 'object', required: ['type', 'data'], properties: { type: { const: type }, data: { $ref: `#/components/schemas/${key}` } } },
      ],
    },
  };
}

const CONSUMER_MESSAGES = {
  confirm: {
    name: 'confirm',
    title: 'Confirm',
    summary: 'Confirms every event of this connection up to the offset.',
    contentType: 'text/plain',
    payload: { type: 'string', pattern: '^confirm:\\s*[1-9][0-9]*\\s*$', examples: ['confirm:42'] },
  },
  dead: {
    name: 'dead',
    title: 'Dead report',
    summary: 'An event the consumer cannot handle, as JSON (it may be changed for later handling); read again by an instance created with dead=true.',
    contentType: 'text/plain',
    payload: { type: 'string', pattern: '^dead:', examples: ['dead:{"specversion":"1.0","id":"order-1","source":"urn:demo:producer","type":"demo.order.created","data":{"orderId":1}}'] },
  },
};

/** The CloudEvent envelope of the exchange's schema file, in AsyncAPI's schema format. */
function cloudEventSchema(): JsonSchema {
  const raw = JSON.parse(readFileSync(join(schemasDir, 'exchange', 'cloud-event.json'), 'utf8')) as JsonSchema;
  return convertSchema(raw, '', (ref) => ref, 'draft-07');
}

/** A JSON pointer token (RFC 6901). */
function pointerToken(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
