import type { IncomingMessage } from 'node:http';
import type { Router } from 'express';
import type { PlatformConfig } from '../config';
import type { DeliveryListener } from '../exchange/consumer-instance';
import type { ConsumerService } from '../exchange/consumer-service';
import type { BlobStore } from './blob-store/blob-store';
import type { Clock } from './clock';
import type { Decider } from './decider';
import type { ProblemError } from './errors';
import type { DocumentStore } from './document-store/document-store';
import type { EventStore } from './event-store/event-store';
import type { MetricsSource } from './http/metrics-route';
import type { ProblemMapping } from './http/problem-mapping';
import type { ClientRegistry } from './identity/client-registry';
import type { LegalEventLog } from './legal-events';
import type { Logger } from './logger';
import type { NoticeSource } from './notices';
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
  /** what every service mounted on the platform tells people, for the notification service to send */
  noticeSources: readonly NoticeSource[];
  /** where a service registers its legal events (who read whose personal data): the event-logging service */
  legalEvents: LegalEventLog;
  /** where every client's consumer groups stand on the exchange, for operators (the console) */
  consumerGroups: Pick<ConsumerService, 'groupStatuses' | 'groupPositions'>;
};

/**
 * One kind of aggregate of a service: the streams whose ids start with `streamPrefix` are folded by
 * `decider` (its initialState and evolve), so an auditor sees the state after each event (the console).
 * Where two prefixes of a service match a stream, the longer one names its aggregate.
 */
export type ServiceAggregate = {
  name: string;
  streamPrefix: string;
  // any: the console folds whatever events a stream holds; each decider's own types stay in its service
  decider: Pick<Decider<any, any, any>, 'initialState' | 'evolve'>;
};

/**
 * A service plugs into the platform through this shape, and only through it: its projections, its
 * HTTP routes (mounted at the root; each service owns its own path prefix) and any background work
 * (processes reacting to the log, schedulers), started after the projections and stopped before them.
 *
 * Each service's module.ts exports a factory, create<Service>Module(), that makes a fresh module holding
 * whatever it starts in a closure: no state at module level, so that every platform started in a process
 * (tests restart platforms) has its own. docs/adding-a-service.md walks through one.
 */
export type ServiceModule = {
  name: string;
  /** path prefixes the service's routes live under, e.g. ['/api/v2'] */
  pathPrefixes: string[];
  projections: Projection[];
  /** the service's aggregates, for auditors replaying a stream's history (the console) */
  aggregates?: ServiceAggregate[];
  /** called once the service is started; the router the platform mounts for the service's prefixes */
  routes(deps: ServiceDeps): Router;
  /** the service's named errors as problems, applied by the platform to whatever its routes pass on */
  problems?: ProblemMapping;
  /**
   * the service's wording of a refusal the platform makes before the service's routes see the request (401:
   * the caller could not be identified; 429: it is over its rate limit), e.g. in the caller's language
   */
  refusedCaller?(request: IncomingMessage, problem: ProblemError): ProblemError;
  /** the platform's legal event log, when this service is the event-logging service (one module provides it) */
  legalEventLog?(deps: Pick<ServiceDeps, 'events' | 'clock'>): LegalEventLog;
  /** the service's own figures for GET /api/v1/metrics, read at each scrape */
  metrics?: MetricsSource;
  /** what the service's events tell people (sent by the notification service, through the log) */
  notices?: NoticeSource[];
  start?(deps: ServiceDeps): Promise<void>;
  stop?(): Promise<void>;
  /** awaited when the exchange hands events to a consumer, before they leave (personal-data logging) */
  onExchangeDelivery?: DeliveryListener;
  /** development data loaded on the first start of the embedded profile (idempotent) */
  seedDevelopmentData?(deps: ServiceDeps): Promise<void>;
};
