import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { loadConfig, type ExchangeConfig, type PlatformConfig } from '../../src/config';
import { startPlatform, DEVELOPMENT_REGISTRY, type Platform } from '../../src/platform-app';
import type { Clock } from '../../src/platform/clock';
import type { EventStore } from '../../src/platform/event-store/event-store';
import type { ClientDefinition, RegistryFile } from '../../src/platform/identity/client-registry';
import { createCertificate, pkiFiles } from '../../src/platform/identity/pki';
import { createLogger, type Logger } from '../../src/platform/logger';
import { projectRoot } from '../../src/platform/project-paths';
import type { ServiceModule } from '../../src/platform/service-module';
import { readFileSync } from 'node:fs';
import { buildOpenApi } from '../../src/platform/openapi/openapi-document';
import { platformApis } from '../../src/platform-apis';
import { contractViolations } from './event-contracts';
import { HttpsClient } from './https-client';
import { ResponseContracts } from './response-contracts';
import { recordResponses, stopRecording, type RecordedResponse } from './response-log';

export type TestPlatformOptions = {
  exchange?: Partial<ExchangeConfig>;
  /** clients added to the development registry */
  extraClients?: ClientDefinition[];
  clock?: Clock;
  env?: Record<string, string>;
  /** load the services' development data (off by default: a test brings the data it needs) */
  seedDevelopmentData?: boolean;
  /** the platform's logger (default: silent, or TEST_LOG_LEVEL's level on stdout) */
  logger?: Logger;
  /** the service modules (default: the platform's own) */
  services?: ServiceModule[];
};

/**
 * The real platform on a fresh temporary data directory and a free port: real HTTPS with client
 * certificates, real SQLite files. restart() stops it and starts it again on the same data.
 *
 * stop() first checks the platform's own events against their contracts (schemas/events/<type>.json):
 * every standard event with a urn:md:gov: source in the log, except those the test appended itself
 * (stand-ins and deliberately malformed events, written straight into platform.stores.events). A run
 * in which the platform appended an event that breaks its contract fails there, naming the events.
 *
 * It also checks what the platform answered the test's HttpsClients against the OpenAPI description
 * (GET /api/v1/openapi.json): a described operation's status must be described and its JSON body fit the
 * described schema; every problem must fit the problem schema.
 */
export class TestPlatform {
  platform!: Platform;
  private clients: HttpsClient[] = [];
  /** started and not stopped since (through stop(), restart() or platform.stop()) */
  private running = false;
  /** log positions of the events test code appended itself, kept across restarts (the log is the same) */
  private readonly appendedByTest = new Set<number>();
  /** what the platform answered this test's HTTPS clients, across restarts */
  private readonly responses: RecordedResponse[][] = [];

  private constructor(
    readonly dataDir: string,
    private readonly options: TestPlatformOptions,
  ) {}

  static async start(options: TestPlatformOptions = {}): Promise<TestPlatform> {
    const dataDir = mkdtempSync(join(tmpdir(), 'egov-test-'));
    const registry: RegistryFile = JSON.parse(readFileSync(DEVELOPMENT_REGISTRY, 'utf8'));
    registry.clients.push(...(options.extraClients ?? []));
    writeFileSync(join(dataDir, 'clients.json'), JSON.stringify(registry, null, 2));
    const testPlatform = new TestPlatform(dataDir, options);
    await testPlatform.boot();
    return testPlatform;
  }

  get config(): PlatformConfig {
    return this.platform.config;
  }

  get baseUrl(): string {
    return `https://localhost:${this.platform.port}`;
  }

  get pki() {
    return pkiFiles(join(this.dataDir, 'pki'));
  }

  /** An HTTPS client holding the named client's certificate from DATA_DIR/pki/clients. */
  client(clientId: string): HttpsClient {
    const client = HttpsClient.fromFiles(this.baseUrl, this.pki.caCert, this.pki.clientCert(clientId), this.pki.clientKey(clientId));
    this.clients.push(client);
    return client;
  }

  /** A client presenting no certificate at all. */
  anonymous(): HttpsClient {
    const client = HttpsClient.fromFiles(this.baseUrl, this.pki.caCert);
    this.clients.push(client);
    return client;
  }

  /**
   * A client with a certificate from another CA, one from our CA whose name is not in the registry, or one
   * from our CA with a registered name and an RSA key of 1024 bits.
   */
  stranger(kind: 'untrusted' | 'unregistered' | 'weak-key'): HttpsClient {
    const issuer =
      kind === 'untrusted'
        ? createCertificate({ commonName: 'some other CA', isCa: true })
        : { certPem: readFileSync(this.pki.caCert, 'utf8'), keyPem: readFileSync(this.pki.caKey, 'utf8') };
    const commonName = kind === 'unregistered' ? 'nobody-registered' : 'demo-producer';
    const certificate = createCertificate({ commonName, issuer, usage: 'client', ...(kind === 'weak-key' ? { modulusLength: 1024 } : {}) });
    const client = new HttpsClient(this.baseUrl, {
      ca: readFileSync(this.pki.caCert),
      cert: Buffer.from(certificate.certPem),
      key: Buffer.from(certificate.keyPem),
    });
    this.clients.push(client);
    return client;
  }

  async restart(): Promise<void> {
    await this.stopServer();
    await this.boot();
  }

  async stop(): Promise<void> {
    let broken: string[] = [];
    try {
      if (this.running) broken = await this.brokenEventContracts();
    } finally {
      await this.stopServer();
      rmSync(this.dataDir, { recursive: true, force: true });
    }
    if (broken.length > 0) throw new Error(`the platform appended ${broken.length} event(s) that break their contracts (schemas/events):${listed(broken)}`);
    const misfits = this.responseMisfits();
    if (misfits.length > 0) throw new Error(`the platform answered ${misfits.length} time(s) otherwise than its OpenAPI description says:${listed(misfits)}`);
  }

  /** The recorded responses that do not fit the description of the platform's APIs. */
  private responseMisfits(): string[] {
    const apis = platformApis(this.platform.services);
    const key = apis.map((api) => api.tag).join(',');
    let contracts = responseContracts.get(key);
    if (!contracts) responseContracts.set(key, (contracts = new ResponseContracts(buildOpenApi({ apis, publicUrl: this.config.publicUrl, version: 'test' }))));
    return contracts.violations(this.responses.flat());
  }

  /** The platform's own events in the log that do not fit their type's schema, one line each. */
  private async brokenEventContracts(): Promise<string[]> {
    const events = this.platform.stores.events;
    const broken: string[] = [];
    for (let after = 0; ; ) {
      const batch = await events.readAll({ after, limit: 1000, filter: { kinds: ['standard'] } });
      if (batch.length === 0) return broken;
      for (const { position, streamId, event } of batch) {
        if (!event.source.startsWith(PLATFORM_SOURCES) || this.appendedByTest.has(position)) continue;
        const violations = contractViolations(event.type, event.data);
        if (violations.length > 0) broken.push(`${event.type} at position ${position} (stream ${streamId}, source ${event.source}): ${violations.join('; ')}`);
      }
      after = batch[batch.length - 1].position;
    }
  }

  private async boot() {
    const config = loadConfig({
      DATA_DIR: this.dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      BRIDGE_ID: 'test-bridge',
      LOG_LEVEL: 'silent',
      ...this.options.env,
    });
    config.exchange = { ...config.exchange, pollTimeoutMs: 1000, ...this.options.exchange };
    this.platform = await startPlatform(config, {
      // TEST_LOG_LEVEL=error (say) shows the platform's log lines while a test runs
      logger: this.options.logger ?? createLogger(process.env.TEST_LOG_LEVEL ?? 'silent'),
      clock: this.options.clock,
      seedDevelopmentData: this.options.seedDevelopmentData ?? false,
      ...(this.options.services ? { services: this.options.services } : {}),
    });
    for (const client of this.clients) client.close();
    this.clients = [];
    this.responses.push(recordResponses(this.baseUrl));
    this.running = true;
    const stop = this.platform.stop.bind(this.platform);
    this.platform.stop = () => {
      this.running = false;
      return stop();
    };
    this.noteAppendsByTest(this.platform.stores.events);
  }

  /**
   * Remembers which appends come from test code rather than from the platform: those whose caller (the
   * frame after this wrapper) is a file under test/. The platform's own appends are called from src/.
   */
  private noteAppendsByTest(events: EventStore) {
    const append = events.append.bind(events);
    events.append = (streamId, batch, options) => {
      const appended = append(streamId, batch, options);
      if (!isTestCaller(new Error().stack)) return appended;
      return appended.then((result) => {
        for (const position of result.positions) this.appendedByTest.add(position);
        return result;
      });
    };
  }

  private async stopServer() {
    for (const client of this.clients) client.close();
    this.clients = [];
    stopRecording(this.baseUrl);
    await this.platform.stop();
  }
}

/** The description's checker, per set of APIs: compiled once per process. */
const responseContracts = new Map<string, ResponseContracts>();

function listed(lines: string[]): string {
  const shown = lines.slice(0, MAX_REPORTED);
  const more = lines.length > shown.length ? `\n  ... and ${lines.length - shown.length} more` : '';
  return `\n  ${shown.join('\n  ')}${more}`;
}

/** the sources of the platform's own events (its services and its registry history) */
const PLATFORM_SOURCES = 'urn:md:gov:';
const MAX_REPORTED = 50;
const TEST_DIR = join(projectRoot, 'test') + sep;
const THIS_FILE = join(TEST_DIR, 'support', 'test-platform.ts');

/** Whether the first frame of a stack outside this file is in a file under test/. */
function isTestCaller(stack: string | undefined): boolean {
  const caller = (stack ?? '').split('\n').slice(1).find((frame) => !frame.includes(THIS_FILE));
  return caller !== undefined && caller.includes(TEST_DIR);
}

let sequence = 0;
/** A valid structured event for demo-producer, unique per call unless an id is given. */
export function demoEvent(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    specversion: '1.0',
    id: `event-${process.pid}-${Date.now()}-${sequence}`,
    source: 'urn:demo:producer',
    type: 'demo.order.created',
    data: { orderId: sequence },
    ...overrides,
  };
}

export const STRUCTURED = { 'content-type': 'application/cloudevents+json' };
export const BATCH = { 'content-type': 'application/cloudevents-batch+json' };

/** A platform with small WebSocket windows (5 unconfirmed, batches of 5) and its demo producer and consumer. */
export async function startWebSocketExchange() {
  const platform = await TestPlatform.start({ exchange: { pollTimeoutMs: 200, wsMaxUnconfirmed: 5, batchSize: 5 } });
  const producer = platform.client('demo-producer');
  return {
    platform,
    producer,
    consumer: platform.client('demo-consumer'),
    async produce(...events: object[]) {
      const response = await producer.post('/ce/produce/events', { headers: BATCH, body: JSON.stringify(events) });
      if (response.status !== 202) throw new Error(`produce answered ${response.status}: ${response.text}`);
    },
  };
}
