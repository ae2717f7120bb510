import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server } from 'node:https';
import { join } from 'node:path';
import express, { type Router } from 'express';
import type { WebSocket } from 'ws';
import type { PlatformConfig } from '../config';
import type { Clock } from '../platform/clock';
import type { DocumentStore } from '../platform/document-store/document-store';
import type { EventStore } from '../platform/event-store/event-store';
import { serveHttp2Connections, type Http2Connections } from '../platform/http/http2-connections';
import type { MetricsSource } from '../platform/http/metrics-route';
import type { RateLimiter } from '../platform/http/rate-limit';
import type { ClientRegistry } from '../platform/identity/client-registry';
import type { Logger } from '../platform/logger';
import { schemasDir } from '../platform/project-paths';
import type { DeliveryListener } from './consumer-instance';
import { consumerRoutes } from './consumer-routes';
import { ConsumerService } from './consumer-service';
import { EventSchemas } from './event-schemas';
import { requireExchangeClient } from './exchange-auth';
import { exchangeMetrics } from './exchange-metrics';
import { createProduceHandler, ProduceMetrics } from './produce-handler';
import { Publisher } from './publisher';
import { toolsRoutes } from './tools-routes';
import { attachWebSocket, serveHttp2Stream } from './websocket';

export type ExchangeDeps = {
  config: PlatformConfig;
  events: EventStore;
  documents: DocumentStore;
  registry: ClientRegistry;
  /** log position at which each client was registered: its groups start after it */
  registeredAt: (clientId: string) => number;
  eventSchemas: EventSchemas;
  /** the platform's, which also throttles the services' requests */
  rateLimiter: RateLimiter;
  clock: Clock;
  logger: Logger;
  /** awaited before events reach a consumer (ConsumerServiceDeps.onDelivered) */
  onDelivered: DeliveryListener;
};

/** The CloudEvents exchange as the platform mounts it on its HTTPS server. */
export type Exchange = {
  consumers: ConsumerService;
  /** the exchange's Express routes, for /ce/... and the instance URLs /{bridge}/ce/consumers/...; other paths pass on */
  routes: Router;
  /** the produce endpoints, in front of Express (see createProduceHandler): false for any other request */
  produce: (request: IncomingMessage, response: ServerResponse) => boolean;
  metrics: MetricsSource[];
  start(): Promise<void>;
  /** WebSocket consumption on the server: the HTTP/1.1 upgrade, and HTTP/2 extended CONNECT on connections that negotiated h2 */
  attach(server: Server): void;
  /** The first step of a stop: long polls answer now, WebSocket consumers are told to reconnect elsewhere, HTTP/2 sessions take no new streams. */
  endReads(): void;
  /** The grace of a stop ran out: open WebSockets and HTTP/2 sessions are cut. */
  cutConnections(): void;
  stop(): Promise<void>;
};

/** The event payload schemas: those of EVENT_SCHEMAS_DIR (required there), else the ones the project carries. */
export function loadEventSchemas(config: PlatformConfig): EventSchemas {
  return config.eventSchemasDir ? EventSchemas.fromDirectory(config.eventSchemasDir, { required: true }) : EventSchemas.fromDirectory(join(schemasDir, 'events'));
}

export function createExchange(deps: ExchangeDeps): Exchange {
  const { config, events, documents, registry, registeredAt, eventSchemas, rateLimiter, clock, logger } = deps;
  const publisher = new Publisher(events, eventSchemas);
  const consumers = new ConsumerService({
    events,
    documents,
    registry,
    registeredAt,
    config: config.exchange,
    clock,
    logger,
    bridgeId: config.bridgeId,
    sharedStore: !!config.mongodbUrl,
    onDelivered: deps.onDelivered,
  });
  const produceMetrics = new ProduceMetrics();
  const router = express.Router();
  router.use((request, _response, next) => next(isExchangePath(request.path) ? undefined : 'router'));
  router.use(requireExchangeClient(registry));
  router.use(toolsRoutes({ config: config.exchange, bridgeId: config.bridgeId, registeredAt, rateLimiter, consumers, eventSchemas }));
  router.use(consumerRoutes({ consumers, publisher, config: config.exchange, clock, bridgeId: config.bridgeId, publicUrl: () => config.publicUrl }));
  const webSocketDeps = { registry, consumers, publisher, config: config.exchange, clock, logger, rateLimiter, sockets: new Set<WebSocket>() };
  let http2Connections: Http2Connections | null = null;

  return {
    consumers,
    routes: router,
    produce: createProduceHandler({ registry, publisher, config: config.exchange, clock, logger, metrics: produceMetrics }),
    metrics: exchangeMetrics({ consumers, produce: produceMetrics }),
    start: () => consumers.start(),
    attach(server) {
      attachWebSocket(server, webSocketDeps);
      http2Connections = serveHttp2Connections(server, (stream, headers) => serveHttp2Stream(stream, headers, webSocketDeps));
    },
    endReads() {
      consumers.endReads();
      for (const ws of webSocketDeps.sockets) ws.close(1001, 'the server is shutting down');
      http2Connections?.closeGracefully();
    },
    cutConnections() {
      for (const ws of webSocketDeps.sockets) ws.terminate();
      http2Connections?.destroyAll();
    },
    stop: () => consumers.stop(),
  };
}

/** The exchange's paths: /ce/... and the instance URLs /{bridge}/ce/consumers/... */
function isExchangePath(path: string): boolean {
  return path.startsWith('/ce/') || path === '/ce' || /^\/[^/]+\/ce\/consumers\//.test(path);
}
