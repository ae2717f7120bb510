import { Router } from 'express';
import type { ExchangeConfig } from '../config';
import { route } from '../platform/http/problem';
import type { RateLimiter } from '../platform/http/rate-limit';
import type { ConsumerService, GroupStatus } from './consumer-service';
import { callerOf } from './exchange-auth';

/**
 * Developer tools: what the registry says about the caller and the limits it works within, and where
 * its consumer groups stand.
 */
export function toolsRoutes(deps: {
  config: ExchangeConfig;
  bridgeId: string;
  registeredAt: (clientId: string) => number;
  rateLimiter: RateLimiter;
  consumers: ConsumerService;
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
        // on every endpoint of this bridge; over it, 429 with Retry-After
        rateLimit: deps.rateLimiter.limitOf(client),
      },
      testEvents: {
        produce: ['/ce/tools/produce/raw', '/ce/tools/produce/event', '/ce/tools/produce/events'],
        note: 'test events reach only your own consumer instances created with test=true',
      },
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
  return router;
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
