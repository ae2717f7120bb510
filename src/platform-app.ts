import { copyFileSync, existsSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_CIPHERS, type TLSSocket } from 'node:tls';
import { join } from 'node:path';
import express, { type Request } from 'express';
import { ConfigurationError, type PlatformConfig } from './config';
import type { ConsumerService } from './exchange/consumer-service';
import { createExchange, loadEventSchemas } from './exchange/exchange-module';
import { systemClock, type Clock } from './platform/clock';
import { ProblemError } from './platform/errors';
import { answerUnreadableRequest, notFoundHandler, problemHandler, refusedRequestOf, writeProblem } from './platform/http/problem';
import { HEALTH_PATH, healthRoute } from './platform/http/health-route';
import { METRICS_PATH, metricsRoute } from './platform/http/metrics-route';
import { closeGracefully, trackConnections } from './platform/http/graceful-close';
import { chooseApplicationProtocol } from './platform/http/http2-connections';
import { RateLimiter } from './platform/http/rate-limit';
import { deadlineCheckInterval, guardServer } from './platform/http/server-guards';
import { ClientRegistry } from './platform/identity/client-registry';
import { recordRegistryChanges } from './platform/identity/registry-log';
import { createLogger, type Logger } from './platform/logger';
import { projectRoot } from './platform/project-paths';
import { ProjectionRunner } from './platform/projections/projection-runner';
import { ensureDataDir, openStores, type Stores } from './platform/storage';
import { loadTlsMaterial } from './platform/tls';
import type { ServiceDeps, ServiceModule } from './platform/service-module';
import type { LegalEventLog } from './platform/legal-events';
import { createServiceModules } from './services';
import { requireRight, requireServiceClient } from './platform/http/service-auth';
import { platformMetrics } from './platform-metrics';

/** How long a stop waits for the requests under way (and WebSockets to answer their close) before cutting them. */
const SHUTDOWN_GRACE_MS = 5_000;

export type Platform = {
  config: PlatformConfig;
  server: Server;
  stores: Stores;
  registry: ClientRegistry;
  projections: ProjectionRunner;
  consumers: ConsumerService;
  /** the service modules mounted, as started */
  services: readonly ServiceModule[];
  /** what each service was given */
  serviceDeps: ServiceDeps;
  logger: Logger;
  /** the port actually bound (useful with PORT=0) */
  port: number;
  createdClientCertificates: string[];
  stop(): Promise<void>;
};

export const DEVELOPMENT_REGISTRY = join(projectRoot, 'src/platform/identity/development-clients.json');

/**
 * Wires the platform: stores, registry, TLS, the exchange and the services, on one HTTPS server
 * that asks every caller for a client certificate.
 */
export async function startPlatform(
  config: PlatformConfig,
  options: { clock?: Clock; logger?: Logger; services?: ServiceModule[]; seedDevelopmentData?: boolean } = {},
): Promise<Platform> {
  const services = options.services ?? createServiceModules();
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? createLogger(config.logLevel);
  ensureDataDir(config.dataDir);
  if (!existsSync(config.registryFile)) copyFileSync(DEVELOPMENT_REGISTRY, config.registryFile);
  const registry = ClientRegistry.fromFile(config.registryFile);
  const { tls, createdClients } = loadTlsMaterial(config, registry);
  const eventSchemas = loadEventSchemas(config);

  const stores = await openStores(config);
  const registeredAt = await recordRegistryChanges(stores.events, registry, clock);
  const headAtStart = await stores.events.headPosition();
  const registrationOf = (clientId: string) => registeredAt.get(clientId) ?? headAtStart;

  const rateLimiter = new RateLimiter(registry, config.rateLimit);
  const exchange = createExchange({
    config,
    events: stores.events,
    documents: stores.documents,
    registry,
    registeredAt: registrationOf,
    eventSchemas,
    rateLimiter,
    clock,
    logger,
    onDelivered: async (clientId, deliveries) => {
      for (const service of services) await service.onExchangeDelivery?.(clientId, deliveries);
    },
  });
  await exchange.start();
  const projections = new ProjectionRunner(stores.events, stores.documents, services.flatMap((service) => service.projections), logger);
  await projections.start();
  const noticeSources = services.flatMap((service) => service.notices ?? []);
  const legalEvents = legalEventLogOf(services, { events: stores.events, clock });
  const serviceDeps: ServiceDeps = { events: stores.events, documents: stores.documents, blobs: stores.blobs, registry, projections, clock, logger, config, noticeSources, legalEvents, consumerGroups: exchange.consumers };
  for (const service of services) await service.start?.(serviceDeps);
  if (options.seedDevelopmentData ?? true) {
    for (const service of services) await service.seedDevelopmentData?.(serviceDeps);
  }

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'extended');
  app.get(HEALTH_PATH, healthRoute({ stores, projections, bridgeId: config.bridgeId, logger }));
  const identifyServiceClient = requireServiceClient(registry);
  const metrics = [...platformMetrics({ events: stores.events, exchange: exchange.metrics, projections }), ...services.flatMap((service) => (service.metrics ? [service.metrics] : []))];
  app.get(METRICS_PATH, identifyServiceClient, requireRight('operations', 'metrics'), metricsRoute(metrics));
  app.use(exchange.routes);
  for (const service of services) {
    const router = service.routes(serviceDeps);
    const refusal = (request: Request, error: unknown) => (error instanceof ProblemError ? refusedBy(service, request, error) : error);
    // what the service's routes pass on goes through its own error-to-problem mapping first
    const problem = (request: Request, error: unknown) => (service.problems && isError(error) ? service.problems(error, request) : error);
    app.use((request, response, next) =>
      owns(service, request.path)
        ? identifyServiceClient(request, response, (error?: unknown) => (error ? next(refusal(request, error)) : router(request, response, (routed?: unknown) => next(problem(request, routed)))))
        : next(),
    );
  }
  app.use(notFoundHandler);
  app.use(problemHandler(logger));

  // security level 2: RSA and DH keys of at least 2048 bits, as RS256 signatures need too (RFC 7518, 3.3)
  const ciphers = `${DEFAULT_CIPHERS}:@SECLEVEL=2`;
  const serverOptions = { ...tls, ciphers, requestCert: true, rejectUnauthorized: false, ALPNCallback: chooseApplicationProtocol, handshakeTimeout: config.tlsHandshakeTimeoutMs, connectionsCheckingInterval: deadlineCheckInterval(config.requestTimeoutMs) };
  const server = createServer(serverOptions, (request, response) => {
    const throttled = rateLimiter.refusal(request.socket as TLSSocket);
    if (throttled) {
      request.resume();
      const path = (request.url ?? '/').split('?')[0];
      const service = services.find((candidate) => owns(candidate, path));
      writeProblem(response, service ? refusedBy(service, request, throttled) : throttled, refusedRequestOf(request), logger);
    } else if (!exchange.produce(request, response)) app(request, response);
  });
  server.keepAliveTimeout = 65_000;
  guardServer(server, { requestTimeoutMs: config.requestTimeoutMs, logger });
  const connections = trackConnections(server);
  server.on('clientError', (error: Error & { code?: string }, socket) => answerUnreadableRequest(error, socket, logger));
  exchange.attach(server);
  // a connection's client is the one its handshake named: identity is looked up once per connection
  server.on('secureConnection', (socket: TLSSocket) => socket.disableRenegotiation());
  const stopServicesAndStores = async () => {
    for (const service of [...services].reverse()) await service.stop?.();
    await exchange.stop();
    await projections.stop();
    await stores.close();
  };
  try {
    await listen(server, config.port, config.host);
  } catch (error) {
    await stopServicesAndStores();
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  if (config.publicUrl.endsWith(':0')) config.publicUrl = config.publicUrl.replace(/:0$/, `:${port}`);
  logger.info({ port, bridge: config.bridgeId, storage: stores.profile, dataDir: config.dataDir }, 'platform listening');

  return {
    config,
    server,
    stores,
    registry,
    projections,
    consumers: exchange.consumers,
    services,
    serviceDeps,
    logger,
    port,
    createdClientCertificates: createdClients,
    async stop() {
      // long polls answer now with what they hold; WebSocket consumers are told to reconnect elsewhere
      exchange.endReads();
      await closeGracefully(server, SHUTDOWN_GRACE_MS, () => {
        exchange.cutConnections();
        for (const socket of connections) socket.destroy();
      });
      await stopServicesAndStores();
    },
  };
}

/** Listens on the port, or fails with a ConfigurationError when the port is taken or not ours to take. */
function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const refused = (error: NodeJS.ErrnoException) => {
      const why = error.code === 'EADDRINUSE' ? 'is in use by another process' : error.code === 'EACCES' ? 'needs privileges this process lacks' : error.message;
      reject(error.code === 'EADDRINUSE' || error.code === 'EACCES' || error.code === 'EADDRNOTAVAIL' ? new ConfigurationError(`PORT ${port} on ${host} ${why}`) : error);
    };
    server.once('error', refused);
    server.listen(port, host, () => {
      server.off('error', refused);
      resolve();
    });
  });
}

/** The legal event log the event-logging module provides; without one mounted, a registration fails loudly. */
function legalEventLogOf(services: readonly ServiceModule[], deps: Pick<ServiceDeps, 'events' | 'clock'>): LegalEventLog {
  const provider = services.find((service) => service.legalEventLog);
  if (provider) return provider.legalEventLog!(deps);
  return {
    register: () => Promise.reject(new Error('no event-logging service is mounted: legal events cannot be registered')),
  };
}

/** An error passed to next(), rather than nothing or Express's 'route' and 'router' signals. */
function isError(value: unknown): boolean {
  return value !== undefined && value !== null && value !== 'route' && value !== 'router';
}

/** Whether the path is under one of the service's prefixes. */
function owns(service: ServiceModule, path: string): boolean {
  return service.pathPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** A refusal the platform makes before the service sees the request, in the service's wording where it has one. */
function refusedBy(service: ServiceModule, request: IncomingMessage, problem: ProblemError): ProblemError {
  return service.refusedCaller ? service.refusedCaller(request, problem) : problem;
}
