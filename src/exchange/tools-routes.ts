import { Router } from 'express';
import type { ExchangeConfig } from '../config';
import { notFound } from '../platform/errors';
import { route } from '../platform/http/problem';
import type { RateLimiter } from '../platform/http/rate-limit';
import type { ClientDefinition } from '../platform/identity/client-registry';
import type { ConsumerService } from './consumer-service';
import type { GroupStatus } from './group-status';
import type { EventSchemas } from './event-schemas';
import { callerOf } from './exchange-auth';
import { mayConsume, mayProduceType } from './exchange-rights';

/**
 * Developer tools: what the registry says about the caller and the limits it works within, where its
 * consumer groups stand, and the payload schemas of the event types it may produce or consume.
 */
export function toolsRoutes(deps: {
  config: ExchangeConfig;
  bridgeId: string;
  registeredAt: (clientId: string) => number;
  rateLimiter: RateLimiter;
  consumers: ConsumerService;
  eventSchemas: EventSchemas;
}): Router {
  const router = Router();
  router.get('/ce/tools/my-settings', (_request, response) => {
    const client = callerOf(response);
    response.json({
      client: client.id,
      name: client.name ?? null,
      idno: client.idno ?? null,
      produce: client.exchange?.produce ?? null,
      consume: client.exchange?.consume ?? null,
      rights: client.rights ?? {},
      registeredAtPosition: String(deps.registeredAt(client.id)),
      bridge: deps.bridgeId,
      limits: {
        maxRequestBytes: deps.config.maxRequestBytes,
        pollTimeoutMs: deps.config.pollTimeoutMs,
        batchSize: deps.config.batchSize,
        instanceIdleExpiryMs: deps.config.instanceIdleExpiryMs,
        wsMaxUnconfirmed: deps.config.wsMaxUnconfirmed,
        wsPingIntervalMs: deps.config.wsPingIntervalMs,
        maxInstancesPerClient: deps.config.maxInstancesPerClient,
        // on every endpoint of this bridge; over it, 429 with Retry-After
        rateLimit: deps.rateLimiter.limitOf(client),
      },
      testEvents: {
        produce: ['/ce/tools/produce/raw', '/ce/tools/produce/event', '/ce/tools/produce/events'],
        note: 'test events reach only your own consumer instances created with test=true',
      },
      tools: { groups: '/ce/tools/my-groups', eventTypes: '/ce/tools/event-types' },
    });
  });
  router.get(
    '/ce/tools/my-groups',
    route(async (_request, response) => {
      const client = callerOf(response);
      const { logHead, groups } = await deps.consumers.groupStatuses(client.id);
      response.json({
        client: client.id,
        bridge: deps.bridgeId,
        logHead: String(logHead),
        groups: groups.map(groupView),
        instancesHere: deps.consumers.instancesOf(client.id),
      });
    }),
  );
  router.get('/ce/tools/event-types', (_request, response) => {
    const client = callerOf(response);
    const types = deps.eventSchemas.types().filter((type) => seesType(client, type));
    response.json({
      types: types.map((type) => ({
        type,
        produce: mayProduceType(client, type),
        consume: mayConsume(client, type),
        schema: `/ce/tools/event-types/${encodeURIComponent(type)}/schema`,
      })),
    });
  });
  router.get('/ce/tools/event-types/:type/schema', (request, response) => {
    const client = callerOf(response);
    const schema = seesType(client, request.params.type) ? deps.eventSchemas.schemaOf(request.params.type) : undefined;
    // a type the caller may not see answers as one without a schema: which types others use is theirs to tell
    if (!schema) throw notFound(`no payload schema for event type ${request.params.type} among the types you may produce or consume`);
    response.type('application/schema+json').send(JSON.stringify(schema));
  });
  return router;
}

/** A client sees the schemas of the types it may produce or consume. */
function seesType(client: ClientDefinition, type: string): boolean {
  return mayProduceType(client, type) || mayConsume(client, type);
}

/** Log positions are decimal strings on the wire, as offsets are. */
function groupView({ group, kind, confirmedUpTo, waiting, shards }: GroupStatus) {
  return {
    group,
    kind,
    confirmedUpTo: String(confirmedUpTo),
    waiting,
    shards: shards.map((shard) => ({ ...shard, confirmedUpTo: String(shard.confirmedUpTo) })),
  };
}
