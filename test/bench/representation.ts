/**
 * Power-of-representation benchmark over mTLS: Code-True-One checks per second and their latency with
 * 1,000,000 powers stored, beside the platform's health endpoint (GET /api/v1/health) measured in the same
 * run with the same client and concurrency. The powers are seeded straight through the event store before
 * the platform starts (each power's own stream, its created/granted/became-valid events as the decider
 * makes them, thousands of appends in flight so that each commit takes many), then the platform starts and
 * its projection catches up with them; both times are reported. A check is one lookup by key in the read
 * model, whatever the number of powers. Client and server share this process: lower bounds.
 * Run directly (npx tsx test/bench/representation.ts [powers]) or call benchRepresentation().
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../../src/config';
import { startPlatform } from '../../src/platform-app';
import { systemClock } from '../../src/platform/clock';
import { pkiFiles } from '../../src/platform/identity/pki';
import { createLogger } from '../../src/platform/logger';
import { openStores } from '../../src/platform/storage';
import { HttpsClient } from '../support/https-client';
import { NO_STREAM, type EventStore } from '../../src/platform/event-store/event-store';
import { toCloudEvent } from '../../src/platform/decider';
import type { Clock } from '../../src/platform/clock';
import { authorizationDecider } from '../../src/representation/authorization/decider';
import { toAuthorizationStreamId } from '../../src/representation/authorization/stream';
import { REPRESENTATION_SOURCE } from '../../src/representation/service';
import { measure, type Rate } from './eventlog';

export type RepresentationBenchFigures = {
  powers: number;
  /** appending the powers' events to the log */
  seedAppendSeconds: number;
  /** the read model catching up with them afterwards */
  seedProjectionSeconds: number;
  codeTrueOne: Rate;
  health: Rate;
  concurrency: number;
  durationMs: number;
};

const PROVIDER = { serviceProviderIdno: '1003600000003', serviceProviderName: 'Demo public institution' };
const APPENDS_IN_FLIGHT = 5000;

/** The n-th seeded power's code: 16 digits, spread over the key space. */
const codeOf = (n: number) => String((n * 7_919_993) % 10_000_000_000_000_000).padStart(16, '0');

/** Appends `count` powers, valid from a day ago for a year, each in its own stream, many appends per commit. */
async function seedPowers(events: EventStore, clock: Clock, count: number, progress: (line: string) => void): Promise<void> {
  const at = clock.now();
  const envelope = { source: REPRESENTATION_SOURCE, producer: 'bench-seed', clock };
  const command = (n: number) => ({
    type: 'CreateAuthorization' as const,
    authorizationCode: codeOf(n),
    authorizationType: { code: 'AT-0000001', name: 'Ridicare document', requiresAcceptance: false, requiresCoSigning: false, ...PROVIDER },
    authorizing: { partyType: 1 as const, idn: `2${String(n).padStart(12, '0')}`, name: 'Bench Represented' },
    authorized: { partyType: 1 as const, idn: `2${String(n + 1).padStart(12, '0')}`, name: 'Bench Representative' },
    coSignerIdns: [],
    fromDate: new Date(at.getTime() - 86_400_000).toISOString(),
    toDate: new Date(at.getTime() + 365 * 86_400_000).toISOString(),
    at: at.toISOString(),
    createdBy: 'bench-seed',
  });
  for (let start = 0; start < count; start += APPENDS_IN_FLIGHT) {
    const appends: Promise<unknown>[] = [];
    for (let n = start; n < Math.min(count, start + APPENDS_IN_FLIGHT); n += 1) {
      const streamId = toAuthorizationStreamId(codeOf(n));
      const decided = authorizationDecider.decide(command(n), null);
      appends.push(events.append(streamId, decided.map((event) => ({ event: toCloudEvent(event, streamId, envelope), producer: 'bench-seed' })), { expectedRevision: NO_STREAM }));
    }
    await Promise.all(appends);
    if ((start / APPENDS_IN_FLIGHT) % 20 === 0) progress(`representation: ${start.toLocaleString('en-US')} powers appended`);
  }
}

export async function benchRepresentation(
  options: { powers?: number; durationMs?: number; concurrency?: number; progress?: (line: string) => void } = {},
): Promise<RepresentationBenchFigures> {
  const powers = options.powers ?? 1_000_000;
  const durationMs = options.durationMs ?? 4000;
  const concurrency = options.concurrency ?? 16;
  const progress = options.progress ?? (() => undefined);
  const dataDir = mkdtempSync(join(tmpdir(), 'egov-bench-representation-'));
  const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', BRIDGE_ID: 'bench', LOG_LEVEL: 'silent', RATE_LIMIT_PER_SECOND: '1000000000', RATE_LIMIT_BURST: '1000000000' });
  const seedingStarted = Date.now();
  const stores = await openStores(config);
  try {
    await seedPowers(stores.events, systemClock, powers, progress);
  } finally {
    await stores.close();
  }
  const appended = Date.now();
  progress(`representation: ${powers.toLocaleString('en-US')} powers appended in ${Math.round((appended - seedingStarted) / 1000)} s; the platform starts, its read model catches up`);
  const platform = await startPlatform(config, { seedDevelopmentData: false, logger: createLogger('silent') });
  const pki = pkiFiles(join(dataDir, 'pki'));
  const client = HttpsClient.fromFiles(`https://localhost:${platform.port}`, pki.caCert, pki.clientCert('demo-institution'), pki.clientKey('demo-institution'));
  try {
    await platform.projections.waitFor(await platform.stores.events.headPosition(), ['representation-authorizations']);
    const caughtUp = Date.now();
    const stored = await platform.stores.documents.collection('representation_authorizations').count({});
    if (stored !== powers) throw new Error(`${stored} powers in the read model, ${powers} seeded`);

    let n = 0;
    const health = await measure(durationMs, concurrency, async () => (await client.get('/api/v1/health')).status === 200);
    const codeTrueOne = await measure(durationMs, concurrency, async () => {
      const response = await client.get('/clients-api/api/Authorization/check/Code-True-One', { query: { AuthorizationCode: codeOf((n = (n + 7919) % powers)) } });
      return response.status === 200 && response.json().data === true;
    });
    return {
      powers,
      seedAppendSeconds: Math.round((appended - seedingStarted) / 100) / 10,
      seedProjectionSeconds: Math.round((caughtUp - appended) / 100) / 10,
      codeTrueOne,
      health,
      concurrency,
      durationMs,
    };
  } finally {
    client.close();
    await platform.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await benchRepresentation({ powers: Number(process.argv[2] ?? 1_000_000), progress: (line) => console.error(line) });
  console.log(JSON.stringify({ representation: figures }, null, 2));
  process.exit(0);
}
