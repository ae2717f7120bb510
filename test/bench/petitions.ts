/**
 * Petitions benchmark over mTLS, with 100,000 petitions in the store (PETITIONS_BENCH_COUNT to change it):
 * filings per second (POST /api/v1/petitions) and the authority list's latency p50/p99 (GET
 * /petitie/authority/petitions: scope all over every petition, random pages of 10 in the four orders; and
 * an own-authority client over its 2,000, by due date), beside the platform's health endpoint
 * (GET /api/v1/health) measured by the same load generator in the same run, before and after them (on a
 * shared machine the load of other work moves during a run). The petitions are filed
 * through the petition's decider (not over HTTP, which would take minutes) before the measurements; each
 * list answer also registers its personal-data legal event, as in production. The load generator runs in
 * a child process, so that it does not share the platform's event loop.
 *
 *   npx tsx test/bench/petitions.ts [durationSeconds]
 */
import { fork } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PetitionRights } from '../../src/petitions/rights';
import { PETITIONS_SOURCE } from '../../src/petitions/service';
import { petitionDecider } from '../../src/petitions/petition/decider';
import { newPetitionNumber } from '../../src/petitions/petition/petition-number';
import { toPetitionStreamId } from '../../src/petitions/petition/stream';
import { CommandHandler } from '../../src/platform/decider';
import { projectRoot } from '../../src/platform/project-paths';
import { HttpsClient } from '../support/https-client';
import { TestPlatform } from '../support/test-platform';

export type Rate = { perSec: number; requests: number; failures: number; p50Ms: number; p99Ms: number };
/** health: the baseline, measured before the service's figures (healthAfter: after them, to show how the machine's load moved meanwhile) */
export type PetitionsBenchFigures = { stored: number; seedSeconds: number; health: Rate; healthAfter: Rate; filing: Rate; authorityList: Rate; ownAuthorityList: Rate; concurrency: number; durationMs: number };

type Phase = 'health' | 'filing' | 'authority-list' | 'own-list';
type Tls = { ca: string; cert: string; key: string };
type LoadSpec = { port: number; institution: Tls; townHall: Tls; phase: Phase; concurrency: number; durationMs: number; authorities: string[] };
type LoadResult = { latencies: number[]; failures: number; seconds: number };

const AUTHORITIES = Array.from({ length: 50 }, (_, index) => `10076000${String(index).padStart(5, '0')}`);
const TOWN_HALL = { id: 'bench-town-hall', idno: AUTHORITIES[0], certificate: {}, rights: { petitions: [PetitionRights.authorityOwn] } };
const CONCURRENCY = 16;

export async function benchPetitions(options: { durationMs?: number; count?: number } = {}): Promise<PetitionsBenchFigures> {
  const durationMs = options.durationMs ?? 5000;
  const count = options.count ?? Number(process.env.PETITIONS_BENCH_COUNT ?? 100_000);
  const limits = { RATE_LIMIT_PER_SECOND: '1000000000', RATE_LIMIT_BURST: '1000000000', PETITIONS_SWEEP_INTERVAL_MS: '3600000' };
  const platform = await TestPlatform.start({ extraClients: [TOWN_HALL], env: limits });
  try {
    const seeding = performance.now();
    await seed(platform, count);
    const seedSeconds = Math.round((performance.now() - seeding) / 100) / 10;
    const tls = (id: string) => ({ ca: platform.pki.caCert, cert: platform.pki.clientCert(id), key: platform.pki.clientKey(id) });
    const base = { port: platform.platform.port, institution: tls('demo-institution'), townHall: tls(TOWN_HALL.id), concurrency: CONCURRENCY, durationMs, authorities: AUTHORITIES };
    const measure = async (phase: Phase) => rateOf(await runLoad({ ...base, phase }));
    const health = await measure('health');
    const authorityList = await measure('authority-list');
    const ownAuthorityList = await measure('own-list');
    const filing = await measure('filing');
    const healthAfter = await measure('health');
    return { stored: count, seedSeconds, health, healthAfter, filing, authorityList, ownAuthorityList, concurrency: CONCURRENCY, durationMs };
  } finally {
    await platform.stop();
  }
}

/** Files `count` petitions through the decider, 64 at a time, and waits for the read model to hold them. */
async function seed(platform: TestPlatform, count: number): Promise<void> {
  const events = platform.platform.stores.events;
  const handler = new CommandHandler(events, petitionDecider, { source: PETITIONS_SOURCE, clock: { now: () => new Date() } });
  let next = 0;
  const worker = async () => {
    for (let n = next++; n < count; n = next++) {
      const petitionNumber = newPetitionNumber('2026');
      const requestor = { idn: `2${String(n).padStart(12, '0')}`, kind: 'Person' as const, name: 'Bench Petitioner' };
      const authorityIdno = AUTHORITIES[n % AUTHORITIES.length];
      const at = new Date(Date.now() - (n % 60) * 86_400_000).toISOString();
      const filing = { type: 'FilePetition' as const, petitionNumber, requestor, authorityIdno, subject: `Petiția ${n}`, text: 'Textul petiției de test, de lungimea unei petiții scurte.', attachments: [], filedBy: 'bench', at };
      await handler.handle(toPetitionStreamId(petitionNumber), filing, 'bench');
    }
  };
  await Promise.all(Array.from({ length: 64 }, worker));
  await platform.platform.projections.waitFor(await events.headPosition());
}

function rateOf(load: LoadResult): Rate {
  const latencies = load.latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round((latencies[Math.min(latencies.length - 1, Math.max(0, Math.ceil(q * latencies.length) - 1))] ?? 0) * 10) / 10;
  return { perSec: Math.round(latencies.length / load.seconds), requests: latencies.length + load.failures, failures: load.failures, p50Ms: at(0.5), p99Ms: at(0.99) };
}

function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const child = fork(fileURLToPath(import.meta.url), ['--petitions-load'], { cwd: projectRoot, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (result: LoadResult) => resolve(result));
    child.once('exit', (code) => reject(new Error(`the load process ended (${code}) without a result`)));
    child.send(spec);
  });
}

/** The child: `concurrency` workers, each one keep-alive TLS connection with one request in flight. */
async function generateLoad(spec: LoadSpec): Promise<LoadResult> {
  const result: LoadResult = { latencies: [], failures: 0, seconds: 0 };
  const stopAt = performance.now() + spec.durationMs;
  const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)];
  let sequence = 0;
  const request = (client: HttpsClient) => {
    switch (spec.phase) {
      case 'health':
        return client.get('/api/v1/health').then((response) => response.status === 200);
      case 'filing': {
        sequence += 1;
        const body = { requestorIdn: `2${String(process.pid % 1000).padStart(3, '0')}${String(sequence).padStart(9, '0')}`, authorityIdno: pick(spec.authorities), subject: 'Petiție', text: 'Textul petiției de test, de lungimea unei petiții scurte.' };
        return client.post('/api/v1/petitions', { body }).then((response) => response.status === 201);
      }
      case 'authority-list': {
        const query = { page: 1 + Math.floor(Math.random() * 100), pageSize: 10, sort: pick(['filedAt', '-filedAt', 'dueDate', '-dueDate']) };
        return client.get('/petitie/authority/petitions', { query }).then((response) => response.status === 200);
      }
      case 'own-list':
        return client.get('/petitie/authority/petitions', { query: { page: 1 + Math.floor(Math.random() * 20), pageSize: 10, sort: 'dueDate' } }).then((response) => response.status === 200);
    }
  };
  const tls = spec.phase === 'own-list' ? spec.townHall : spec.institution;
  const worker = async () => {
    const client = HttpsClient.fromFiles(`https://localhost:${spec.port}`, tls.ca, tls.cert, tls.key);
    while (performance.now() < stopAt) {
      const began = performance.now();
      if (await request(client)) result.latencies.push(performance.now() - began);
      else result.failures += 1;
    }
    client.close();
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: spec.concurrency }, worker));
  result.seconds = (performance.now() - began) / 1000;
  return result;
}

const runDirectly = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (runDirectly && process.argv.includes('--petitions-load')) {
  process.once('message', async (spec: LoadSpec) => {
    process.send!(await generateLoad(spec), () => process.exit(0));
  });
} else if (runDirectly) {
  const figures = await benchPetitions({ durationMs: Number(process.argv[2] ?? 5) * 1000 });
  console.log(JSON.stringify({ petitions: figures }, null, 2));
  process.exit(0);
}
