/**
 * Booking benchmark: appointment requests per second from 50 concurrent clients over mTLS (one keep-alive
 * TLS connection each), half of them racing for the same slots (25 requests for every 2 places), half
 * booking slots nobody else wants. The clients run in a child process, so that they do not share the
 * platform's event loop. Afterwards the log is read back and every slot's appointments are counted
 * against its limit: overbookedSlots must be 0.
 *
 *   npx tsx test/bench/booking.ts [durationSeconds]
 */
import { fork } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { APPOINTMENT_REQUESTED, type AppointmentRequested } from '../../src/booking/appointment/events';
import { projectRoot } from '../../src/platform/project-paths';
import { HttpsClient } from '../support/https-client';
import { TestPlatform } from '../support/test-platform';

export type BookingBenchResult = { requestsPerSecond: number; accepted: number; refused: number; overbookedSlots: number; p50Ms: number; p99Ms: number };

type LoadSpec = { port: number; tls: { ca: string; cert: string; key: string }; durationSeconds: number; firstSlot: number };
type LoadResult = { accepted: number; refused: number; failed: number; seconds: number; latencies: number[] };

const CLIENTS = 50;
const RACERS = 25;
const HOT_LIMIT = 2;
const SLOT_MINUTES = 10;
const ORGANIZATION = '0e000000-0000-4000-8000-000000000001';
const uuid = (prefix: string, n: number) => `${prefix}000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const HOT = uuid('3e', 0);

/** The hot calendar-location (2 places a slot) and one quiet calendar-location per non-racer, each at its own location. */
function benchData() {
  const numbers = Array.from({ length: CLIENTS - RACERS + 1 }, (_, index) => index);
  const allDay = (limit: number) => [{ start: '00:00', end: '24:00', appointmentsPerSlotLimit: limit, workDays: [0, 1, 2, 3, 4, 5, 6] }];
  return {
    organizations: [{ id: ORGANIZATION, idno: '1003600000003', code: 'BENCH', name: { ro: 'Bench' } }],
    locations: numbers.map((n) => ({
      id: uuid('1e', n), organizationId: ORGANIZATION, name: { ro: `Bench ${n}` }, about: {}, capacity: 100_000, timeZone: 'UTC',
      country: 'Republica Moldova', region: 'mun. Chișinău', locality: 'Chișinău', locationAddress: `str. Bench ${n}`, coordinatesUrl: 'https://maps.example/bench',
    })),
    calendars: [{ id: uuid('2e', 1), organizationId: ORGANIZATION, code: 'BENCH', name: { ro: 'Bench' } }],
    calendarLocations: numbers.map((n) => ({
      id: uuid('3e', n), calendarId: uuid('2e', 1), locationId: uuid('1e', n), slotDuration: SLOT_MINUTES, activeDays: 365, intervals: allDay(n === 0 ? HOT_LIMIT : 1),
    })),
  };
}

export async function runBookingBench(options: { durationSeconds: number }): Promise<BookingBenchResult> {
  const platform = await TestPlatform.start({ env: { LOG_LEVEL: 'silent' } });
  try {
    const admin = platform.client('demo-institution');
    const imported = await admin.post('/api/v1/booking-admin/imports', { body: benchData() });
    if (imported.status !== 200) throw new Error(`bench data refused: ${imported.status} ${imported.text}`);
    const tls = { ca: platform.pki.caCert, cert: platform.pki.clientCert('demo-institution'), key: platform.pki.clientKey('demo-institution') };
    const firstSlot = Math.ceil((Date.now() + 86_400_000) / 86_400_000) * 86_400_000; // tomorrow, 00:00 UTC
    const load = await runLoad({ port: platform.platform.port, tls, durationSeconds: options.durationSeconds, firstSlot });
    if (load.failed > 0) throw new Error(`${load.failed} requests answered neither 200 nor 400`);
    const latencies = load.latencies.sort((a, b) => a - b);
    const percentile = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)] * 10) / 10;
    return {
      requestsPerSecond: Math.round((load.accepted + load.refused) / load.seconds),
      accepted: load.accepted,
      refused: load.refused,
      overbookedSlots: await overbookedSlots(platform),
      p50Ms: percentile(0.5),
      p99Ms: percentile(0.99),
    };
  } finally {
    await platform.stop();
  }
}

function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const child = fork(fileURLToPath(import.meta.url), ['--booking-load'], { cwd: projectRoot, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (result: LoadResult) => resolve(result));
    child.once('exit', (code) => reject(new Error(`the load process ended (${code}) without a result`)));
    child.send(spec);
  });
}

/** The child: 50 workers, each one TLS connection with one request in flight. */
async function generateLoad(spec: LoadSpec): Promise<LoadResult> {
  const result: LoadResult = { accepted: 0, refused: 0, failed: 0, seconds: 0, latencies: [] };
  const stopAt = performance.now() + spec.durationSeconds * 1000;
  let sequence = 0;
  const worker = async (index: number) => {
    const client = HttpsClient.fromFiles(`https://localhost:${spec.port}`, spec.tls.ca, spec.tls.cert, spec.tls.key);
    const calendarLocationId = index < RACERS ? HOT : uuid('3e', index - RACERS + 1);
    for (let slot = 0; performance.now() < stopAt; slot += 1) {
      sequence += 1;
      const idnp = `2${String(process.pid % 1000).padStart(3, '0')}${String(sequence).padStart(9, '0')}`;
      const start = new Date(spec.firstSlot + slot * SLOT_MINUTES * 60_000).toISOString();
      const body = JSON.stringify([{ isForeignCitizen: false, idnp, firstName: 'Bench', lastName: 'Citizen', email: 'bench@example.md', phone: '+37360000000', services: [{ calendarLocationId, start }] }]);
      const began = performance.now();
      const response = await client.post('/api/v2/appointments/request', { body, headers: { 'content-type': 'application/json' } });
      result.latencies.push(performance.now() - began);
      if (response.status === 200) result.accepted += 1;
      else if (response.status === 400) result.refused += 1;
      else result.failed += 1;
    }
    client.close();
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, (_, index) => worker(index)));
  result.seconds = (performance.now() - began) / 1000;
  return result;
}

/** Slots holding more appointments than their limit, counted from the log itself (none is canceled here). */
async function overbookedSlots(platform: TestPlatform): Promise<number> {
  const counts = new Map<string, { count: number; limit: number }>();
  const store = platform.platform.stores.events;
  for (let after = 0; ; ) {
    const page = await store.readAll({ after, limit: 1000, filter: { types: [APPOINTMENT_REQUESTED] } });
    if (page.length === 0) break;
    for (const stored of page) {
      const data = stored.event.data as AppointmentRequested;
      const key = `${data.calendarLocationId}|${new Date(data.slot.start).toISOString()}`;
      const entry = counts.get(key) ?? { count: 0, limit: data.calendarLocationId === HOT ? HOT_LIMIT : 1 };
      entry.count += 1;
      counts.set(key, entry);
    }
    after = page[page.length - 1].position;
  }
  return [...counts.values()].filter((entry) => entry.count > entry.limit).length;
}

const runDirectly = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (runDirectly && process.argv.includes('--booking-load')) {
  process.once('message', async (spec: LoadSpec) => {
    process.send!(await generateLoad(spec), () => process.exit(0));
  });
} else if (runDirectly) {
  const durationSeconds = Number(process.argv[2] ?? 10);
  const result = await runBookingBench({ durationSeconds });
  process.stdout.write(
    `booking: ${result.requestsPerSecond} appointment requests/s over ${durationSeconds} s (50 mTLS clients, 25 racing for 2 places per slot)\n` +
      `  accepted ${result.accepted}, refused ${result.refused}, overbooked slots ${result.overbookedSlots}\n` +
      `  latency p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms\n`,
  );
  process.exit(result.overbookedSlots === 0 ? 0 : 1);
}
