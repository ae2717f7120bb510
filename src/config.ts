import { hostname } from 'node:os';
import { resolve } from 'node:path';

/** Everything the operator can set, read once from the environment, with documented defaults (docs/configuration.md). */
export type ExchangeConfig = {
  /** largest request body (one event or a batch) */
  maxRequestBytes: number;
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
  /** an event time later than now by more than this is refused as "in the future" */
  futureTimeToleranceMs: number;
  /** how long a bridge's hold on a consumer group outlives its last renewal (renewed every second) */
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
  eventStoreUrl?: string;
  mongodbUrl?: string;
  logLevel: string;
  exchange: ExchangeConfig;
};

export const defaultExchangeConfig: ExchangeConfig = {
  maxRequestBytes: 1024 * 1024,
  pollTimeoutMs: 30_000,
  batchSize: 100,
  batchLingerMs: 50,
  instanceIdleExpiryMs: 5 * 60_000,
  wsMaxUnconfirmed: 1000,
  futureTimeToleranceMs: 2_000,
  laneLeaseMs: 15_000,
  groupShards: 1,
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): PlatformConfig {
  const port = integer(env.PORT, 8443);
  const dataDir = resolve(env.DATA_DIR ?? './data');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    bridgeId: env.BRIDGE_ID ?? sanitize(hostname()),
    publicUrl: (env.PUBLIC_URL ?? `https://localhost:${port}`).replace(/\/$/, ''),
    registryFile: resolve(env.REGISTRY_FILE ?? `${dataDir}/clients.json`),
    eventStoreUrl: env.EVENTSTORE_URL || undefined,
    mongodbUrl: env.MONGODB_URL || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    exchange: {
      maxRequestBytes: integer(env.EXCHANGE_MAX_REQUEST_BYTES, defaultExchangeConfig.maxRequestBytes),
      pollTimeoutMs: integer(env.EXCHANGE_POLL_TIMEOUT_MS, defaultExchangeConfig.pollTimeoutMs),
      batchSize: integer(env.EXCHANGE_BATCH_SIZE, defaultExchangeConfig.batchSize),
      batchLingerMs: integer(env.EXCHANGE_BATCH_LINGER_MS, defaultExchangeConfig.batchLingerMs),
      instanceIdleExpiryMs: integer(env.EXCHANGE_INSTANCE_IDLE_EXPIRY_MS, defaultExchangeConfig.instanceIdleExpiryMs),
      wsMaxUnconfirmed: integer(env.EXCHANGE_WS_MAX_UNCONFIRMED, defaultExchangeConfig.wsMaxUnconfirmed),
      futureTimeToleranceMs: integer(env.EXCHANGE_FUTURE_TIME_TOLERANCE_MS, defaultExchangeConfig.futureTimeToleranceMs),
      laneLeaseMs: integer(env.EXCHANGE_LANE_LEASE_MS, defaultExchangeConfig.laneLeaseMs),
      groupShards: atLeastOne('EXCHANGE_GROUP_SHARDS', integer(env.EXCHANGE_GROUP_SHARDS, defaultExchangeConfig.groupShards)),
    },
  };
}

function atLeastOne(name: string, value: number): number {
  if (value < 1) throw new Error(`${name} must be at least 1, got ${value}`);
  return value;
}

function integer(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`expected a non-negative integer, got "${value}"`);
  return parsed;
}

function sanitize(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9-]/g, '-').slice(0, 40) || 'bridge';
}
