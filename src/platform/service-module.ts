import type { IncomingMessage } from 'node:http';
import type { Router } from 'express';
import type { PlatformConfig } from '../config';
import type { DeliveryListener } from '../exchange/consumer-instance';
import type { BlobStore } from './blob-store/blob-store';
import type { Clock } from './clock';
import type { ProblemError } from './errors';
import type { DocumentStore } from './document-store/document-store';
import type { EventStore } from './event-store/event-store';
import type { ClientRegistry } from './identity/client-registry';
import type { Logger } from './logger';
import type { Projection } from './projections/projection';
import type { ProjectionRunner } from './projections/projection-runner';

/** What every service gets: the stores, the registry, a clock, a logger, the configuration. */
export type ServiceDeps = {
  events: EventStore;
  documents: DocumentStore;
  blobs: BlobStore;
  registry: ClientRegistry;
  projections: ProjectionRunner;
  clock: Clock;
  logger: Logger;
  config: PlatformConfig;
};

/**
 * A service plugs into the platform through this shape, and only through it: its projections, its
 * HTTP routes (mounted at the root; each service owns its own path prefix) and any background work
 * (processes reacting to the log, schedulers), started after the projections and stopped before them.
 */
export type ServiceModule = {
  name: string;
  /** path prefixes the service's routes live under, e.g. ['/api/v2'] */
  pathPrefixes: string[];
  projections: Projection[];
  routes(deps: ServiceDeps): Router;
  /**
   * the service's wording of a refusal the platform makes before the service's routes see the request (401:
   * the caller could not be identified; 429: it is over its rate limit), e.g. in the caller's language
   */
  refusedCaller?(request: IncomingMessage, problem: ProblemError): ProblemError;
  start?(deps: ServiceDeps): Promise<void>;
  stop?(): Promise<void>;
  /** awaited when the exchange hands events to a consumer, before they leave (personal-data logging) */
  onExchangeDelivery?: DeliveryListener;
  /** development data loaded on the first start of the embedded profile (idempotent) */
  seedDevelopmentData?(deps: ServiceDeps): Promise<void>;
};
