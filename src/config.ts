import { hostname } from 'node:os';
import { resolve } from 'node:path';
import type { RateLimit } from './platform/http/rate-limit';

/** Everything the operator can set, read once from the environment, with documented defaults (docs/configuration.md). */
export type ExchangeConfig = {
  /** largest request body (one event or a batch) */
  maxRequestBytes: number;
  /** most body bytes of produce requests held (counted as they arrive, until answered); past it, new ones get 503 with Retry-After */
  maxPendingBytes: number;
  /** how long a long-polling read waits for an event before answering 204 */
  pollTimeoutMs: number;
  /** most events one /events read or one WebSocket send burst returns */
  batchSize: number;
  /** how long /events keeps collecting once it has at least one event */
  batchLingerMs: number;
  /** a long-polling instance not polled for this long is deleted and its unconfirmed events go back to the group */
  instanceIdleExpiryMs: number;
  /** most unconfirmed events a WebSocket consumer holds before the server waits for a confirm */
  wsMaxUnconfirmed: number;
  /** how often the server pings a WebSocket consumer; one that has not answered the previous ping is cut */
  wsPingIntervalMs: number;
  /** most unconfirmed events a long-polling instance holds; past it, its reads hand out nothing until it confirms */
  pollMaxUnconfirmed: number;
  /** most consumer instances (long polling and WebSocket together) one client may have on a bridge; past it, 429 */
  maxInstancesPerClient: number;
  /** an event time later than now by more than this is refused as "in the future" */
  futureTimeToleranceMs: number;
  /** how long a bridge's hold on a consumer group outlives its last renewal (renewed at least every third of it) */
  laneLeaseMs: number;
  /** shards of each consumer group, each served by one bridge: more than 1 lets several bridges serve one group at once */
  groupShards: number;
};

export type PlatformConfig = {
  port: number;
  host: string;
  dataDir: string;
  bridgeId: string;
  /** base URL clients reach this bridge at; default https://localhost:PORT */
  publicUrl: string;
  registryFile: string;
  /** JSON Schemas of event payloads, one file per type; unset: the project's schemas/events */
  eventSchemasDir?: string;
  eventStoreUrl?: string;
  mongodbUrl?: string;
  logLevel: string;
  /** every caller's allowance unless its registry entry sets its own: requests per second, burst */
  rateLimit: RateLimit;
  /** a connection that has not completed its TLS handshake by then is closed */
  tlsHandshakeTimeoutMs: number;
  /** a request whose headers and body have not all arrived by then is answered 408 and its connection closed */
  requestTimeoutMs: number;
  exchange: ExchangeConfig;
};

export const defaultExchangeConfig: ExchangeConfig = {
  maxRequestBytes: 1024 * 1024,
  maxPendingBytes: 64 * 1024 * 1024,
  pollTimeoutMs: 30_000,
  batchSize: 100,
  batchLingerMs: 50,
  instanceIdleExpiryMs: 5 * 60_000,
  wsMaxUnconfirmed: 1000,
  wsPingIntervalMs: 20_000,
  pollMaxUnconfirmed: 10_000,
  maxInstancesPerClient: 50,
  futureTimeToleranceMs: 2_000,
  laneLeaseMs: 15_000,
  groupShards: 1,
};

/** A setting the platform cannot start with; main prints it without a stack trace. */
export class ConfigurationError extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = 'ConfigurationError';
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function loadConfig(env: NodeJS.ProcessEnv = process.env): PlatformConfig {
  const integer = (name: string, fallback: number, least = 0, most = Number.MAX_SAFE_INTEGER) => integerSetting(env, name, fallback, least, most);
  const duration = (name: string, fallback: number, least = 0) => durationSetting(env, name, fallback, least);
  const port = integer('PORT', 8443, 0, 65_535);
  const dataDir = resolve(env.DATA_DIR ?? './data');
  const logLevel = choiceSetting(env, 'LOG_LEVEL', LOG_LEVELS, 'info');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    bridgeId: env.BRIDGE_ID ?? sanitize(hostname()),
    publicUrl: (env.PUBLIC_URL ?? `https://localhost:${port}`).replace(/\/$/, ''),
    registryFile: resolve(env.REGISTRY_FILE ?? `${dataDir}/clients.json`),
    eventSchemasDir: env.EVENT_SCHEMAS_DIR ? resolve(env.EVENT_SCHEMAS_DIR) : undefined,
    eventStoreUrl: env.EVENTSTORE_URL || undefined,
    mongodbUrl: env.MONGODB_URL || undefined,
    logLevel,
    rateLimit: { perSecond: integer('RATE_LIMIT_PER_SECOND', 2_000, 1), burst: integer('RATE_LIMIT_BURST', 10_000, 1) },
    tlsHandshakeTimeoutMs: duration('TLS_HANDSHAKE_TIMEOUT_MS', 10_000, 1),
    requestTimeoutMs: duration('REQUEST_TIMEOUT_MS', 60_000, 1),
    exchange: {
      maxRequestBytes: integer('EXCHANGE_MAX_REQUEST_BYTES', defaultExchangeConfig.maxRequestBytes, 1),
      maxPendingBytes: integer('EXCHANGE_MAX_PENDING_BYTES', defaultExchangeConfig.maxPendingBytes, 1),
      pollTimeoutMs: duration('EXCHANGE_POLL_TIMEOUT_MS', defaultExchangeConfig.pollTimeoutMs),
      batchSize: integer('EXCHANGE_BATCH_SIZE', defaultExchangeConfig.batchSize, 1),
      batchLingerMs: duration('EXCHANGE_BATCH_LINGER_MS', defaultExchangeConfig.batchLingerMs),
      instanceIdleExpiryMs: duration('EXCHANGE_INSTANCE_IDLE_EXPIRY_MS', defaultExchangeConfig.instanceIdleExpiryMs, 1),
      wsMaxUnconfirmed: integer('EXCHANGE_WS_MAX_UNCONFIRMED', defaultExchangeConfig.wsMaxUnconfirmed, 1),
      wsPingIntervalMs: duration('EXCHANGE_WS_PING_INTERVAL_MS', defaultExchangeConfig.wsPingIntervalMs, 1),
      pollMaxUnconfirmed: integer('EXCHANGE_POLL_MAX_UNCONFIRMED', defaultExchangeConfig.pollMaxUnconfirmed, 1),
      maxInstancesPerClient: integer('EXCHANGE_MAX_INSTANCES_PER_CLIENT', defaultExchangeConfig.maxInstancesPerClient, 1),
      futureTimeToleranceMs: duration('EXCHANGE_FUTURE_TIME_TOLERANCE_MS', defaultExchangeConfig.futureTimeToleranceMs),
      // leases are checked every second, renewed at least every third of their length, and hand events out for two thirds of it
      laneLeaseMs: duration('EXCHANGE_LANE_LEASE_MS', defaultExchangeConfig.laneLeaseMs, 3000),
      groupShards: integer('EXCHANGE_GROUP_SHARDS', defaultExchangeConfig.groupShards, 1),
    },
  };
}

/**
 * An integer setting from the environment, written in decimal digits (`Number` would also take `1e3`,
 * `0x10` or ` 8443`), its fallback when unset; a ConfigurationError naming it otherwise.
 */
export function integerSetting(env: NodeJS.ProcessEnv, name: string, fallback: number, least = 0, most = Number.MAX_SAFE_INTEGER): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const parsed = /^-?\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(parsed) || parsed < least || parsed > most) {
    throw new ConfigurationError(`${name} must be an integer from ${least}${most < Number.MAX_SAFE_INTEGER ? ` to ${most}` : ' up'}, got "${value}"`);
  }
  return parsed;
}

/** The longest delay a Node timer takes (a longer one fires at once, with a warning) */
export const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** A duration in milliseconds: an integer setting no longer than a timer can wait, so every _MS setting can be one. */
export function durationSetting(env: NodeJS.ProcessEnv, name: string, fallback: number, least = 0): number {
  return integerSetting(env, name, fallback, least, LONGEST_TIMER_MS);
}

/** A setting that takes one of a few words, its fallback when unset; a ConfigurationError naming it otherwise. */
export function choiceSetting<T extends string>(env: NodeJS.ProcessEnv, name: string, choices: readonly T[], fallback: T): T {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  if (!(choices as readonly string[]).includes(value)) {
    throw new ConfigurationError(`${name} must be one of ${choices.join(', ')}, got "${value}"`);
  }
  return value as T;
}

/** `true` or `false`: a misspelt switch (`yes`, `1`) is refused rather than read as one of them. */
export function booleanSetting(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  return choiceSetting(env, name, ['true', 'false'], fallback ? 'true' : 'false') === 'true';
}

function sanitize(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9-]/g, '-').slice(0, 40) || 'bridge';
}
