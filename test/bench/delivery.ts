/**
 * Delivery benchmark over mTLS, on one platform:
 *   - the baseline: GET /api/v1/health from 50 clients (one keep-alive TLS connection each), the same
 *     clients and load generator as the pushes, in the same run;
 *   - status pushes/s: the 50 clients push statuses (PUT .../delivery/status) on 10,000 orders, mostly
 *     the next step of each order's way (AwaitingPayment ... Confirmed), one in six a status picked at
 *     random (mostly illegal), many clients on the same orders at once. Afterwards every status change in
 *     the log is checked against the status machine: illegalMovesAccepted must be 0;
 *   - changes-feed latency: the provider reports Processing on paid orders (one client, one at a time)
 *     while the delivery platform polls the changes operation back to back; latency is from the report's
 *     201 to the poll answer that first holds it. Each change must arrive exactly once.
 * The clients run in a child process, so that they do not share the platform's event loop.
 *
 *   npx tsx test/bench/delivery.ts [durationSeconds]
 */
import { fork } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { OrderCommands } from '../../src/delivery/handlers/order-commands';
import { ORDER_STATUS_CHANGED, type OrderStatusChanged } from '../../src/delivery/order/events';
import type { OrderDetails } from '../../src/delivery/order/order-details';
import { moveRefusal } from '../../src/delivery/order/status-machine';
import { deliveryNotices } from '../../src/delivery/processes/notices';
import { runningNotificationService } from '../../src/notification/module';
import { projectRoot } from '../../src/platform/project-paths';
import { HttpsClient } from '../support/https-client';
import { TestPlatform } from '../support/test-platform';

const CLIENTS = 50;
const ORDERS = 10_000;
const FEED_ORDERS = 2_000;
const SERVICE = 'DEMO-SERVICE-1';
/** the way an order takes through the delivery platform's pushes alone */
const WAY = ['Unknown', 'AwaitingPayment', 'Paid', 'Ready', 'AwaitingPickup', 'Delivering', 'Delivered', 'Confirmed'];
const PUSHABLE = ['AwaitingPayment', 'Paid', 'Ready', 'AwaitingPickup', 'Delivering', 'Delivered', 'Confirmed', 'Problem', 'Returning', 'Returned', 'Processing', 'Unknown'];

export type Rate = { perSec: number; requests: number; p50Ms: number; p99Ms: number };
export type DeliveryBenchFigures = {
  health: Rate;
  pushes: Rate & { accepted: number; refused: number };
  illegalMovesAccepted: number;
  statusChangesChecked: number;
  feed: { changes: number; duplicates: number; missing: number; latencyP50Ms: number; latencyP99Ms: number; pollP50Ms: number; polls: number };
  orders: number;
  clients: number;
  durationMs: number;
};

type Tls = { ca: string; cert: string; key: string };
type LoadSpec =
  | { phase: 'health' | 'pushes'; port: number; tls: Tls; durationMs: number; orders: string[] }
  | { phase: 'feed'; port: number; tls: Tls; providerTls: Tls; durationMs: number; orders: string[] };
type RequestCounts = { ok: number; refused: number; failed: number; seconds: number; latencies: number[] };
type FeedResult = { reported: Record<string, number>; seen: Record<string, number[]>; polls: number; pollLatencies: number[]; failed: number };

export async function benchDelivery(options: { durationMs?: number } = {}): Promise<DeliveryBenchFigures> {
  const durationMs = options.durationMs ?? 8000;
  const platform = await TestPlatform.start({ env: { LOG_LEVEL: 'silent', RATE_LIMIT_PER_SECOND: '1000000000', RATE_LIMIT_BURST: '1000000000' } });
  try {
    const commands = new OrderCommands(platform.platform.serviceDeps, { pickupWorkingDays: 10 });
    const orders = await seedOrders(commands, 'bench', ORDERS, []);
    const paid = await seedOrders(commands, 'feed', FEED_ORDERS, ['AwaitingPayment', 'Paid']);
    const tlsOf = (client: string): Tls => ({ ca: platform.pki.caCert, cert: platform.pki.clientCert(client), key: platform.pki.clientKey(client) });
    const base = { port: platform.platform.port, tls: tlsOf('demo-delivery-platform'), durationMs };
    await settled(platform);
    const health = (await runLoad({ ...base, phase: 'health', orders: [] })) as RequestCounts;
    const pushes = (await runLoad({ ...base, phase: 'pushes', orders })) as RequestCounts;
    await settled(platform);
    if (health.failed + pushes.failed > 0) throw new Error(`${health.failed} health and ${pushes.failed} push requests failed (not 200/204/400)`);
    const checked = await illegalMovesInLog(platform);
    const feed = (await runLoad({ ...base, phase: 'feed', durationMs: Math.max(2000, durationMs / 2), orders: paid, providerTls: tlsOf('demo-institution') })) as FeedResult;
    if (feed.failed > 0) throw new Error(`${feed.failed} feed requests failed`);
    return { health: rate(health), pushes: { ...rate(pushes), accepted: pushes.ok, refused: pushes.refused }, illegalMovesAccepted: checked.illegal, statusChangesChecked: checked.changes, feed: feedFigures(feed), orders: ORDERS, clients: CLIENTS, durationMs };
  } finally {
    await platform.stop();
  }
}

/**
 * Waits until the receivers' notices of every status change so far are accepted and dispatched, and the read
 * models have caught up: a phase then measures its own load, not the previous phase's tail.
 */
async function settled(platform: TestPlatform): Promise<void> {
  const { events, documents } = platform.platform.stores;
  const [last] = (await events.readAll({ after: 0, limit: 1_000_000, filter: { types: [ORDER_STATUS_CHANGED] } })).slice(-1);
  const checkpoints = documents.collection<{ _id: string; position: number }>('process_checkpoints');
  while (last && ((await checkpoints.findOne({ _id: deliveryNotices.name }))?.position ?? 0) < last.position) await sleep(100);
  await runningNotificationService(platform.platform.services)?.dispatcher?.idle();
  await platform.platform.projections.waitFor(await events.headPosition());
}

/** Orders registered (and taken through `steps`) by the service's own command loop, 100 at a time: set-up, not measured. */
async function seedOrders(commands: OrderCommands, prefix: string, count: number, steps: string[]): Promise<string[]> {
  const now = Date.now();
  const details: OrderDetails = {
    isPaid: true,
    // a person the registries hold no contact for: the notices are accepted, and nobody is messaged
    receiver: { type: 'Person', id: '2000000000055' },
    orderSubmittedAt: new Date(now - 86_400_000).toISOString(),
    deliveryAcceptedUntil: new Date(now + 30 * 86_400_000).toISOString(),
    estimatedReadyAt: new Date(now + 3 * 86_400_000).toISOString(),
    products: [{ price: 50, quantity: 1, length: 13, width: 9, height: 1, weight: 0.1 }],
  };
  const ids = Array.from({ length: count }, (_, index) => `${prefix}-${index}`);
  for (let from = 0; from < count; from += 100) {
    await Promise.all(
      ids.slice(from, from + 100).map(async (id) => {
        await commands.register('demo-institution', SERVICE, id, details);
        for (const status of steps) await commands.setStatus('demo-delivery-platform', SERVICE, id, { status: status as never, setBy: 'delivery-platform', carrier: { carrierName: 'Bench', trackingID: id } });
      }),
    );
  }
  return ids;
}

/** Every status change in the log, order by order, against the status machine: moves it refuses, and chains broken. */
async function illegalMovesInLog(platform: TestPlatform): Promise<{ illegal: number; changes: number }> {
  const current = new Map<string, string>();
  let illegal = 0;
  let changes = 0;
  for (let after = 0; ; ) {
    const page = await platform.platform.stores.events.readAll({ after, limit: 5000, filter: { streamPrefix: 'delivery-order-', types: [ORDER_STATUS_CHANGED] } });
    if (page.length === 0) break;
    for (const stored of page) {
      const change = stored.event.data as OrderStatusChanged['data'];
      changes += 1;
      if ((current.get(stored.streamId) ?? 'Unknown') !== change.from || moveRefusal(change.from, change.to, change.setBy) !== null) illegal += 1;
      current.set(stored.streamId, change.to);
    }
    after = page[page.length - 1].position;
  }
  return { illegal, changes };
}

function rate(counts: RequestCounts): Rate {
  const latencies = counts.latencies.sort((a, b) => a - b);
  return { perSec: Math.round((counts.ok + counts.refused) / counts.seconds), requests: counts.ok + counts.refused, p50Ms: percentile(latencies, 0.5), p99Ms: percentile(latencies, 0.99) };
}

function feedFigures(feed: FeedResult): DeliveryBenchFigures['feed'] {
  const lags: number[] = [];
  let duplicates = 0;
  let missing = 0;
  for (const [orderID, reportedAt] of Object.entries(feed.reported)) {
    const seen = feed.seen[orderID] ?? [];
    if (seen.length === 0) missing += 1;
    else lags.push(Math.max(0, seen[0] - reportedAt));
    duplicates += Math.max(0, seen.length - 1);
  }
  lags.sort((a, b) => a - b);
  const polls = feed.pollLatencies.sort((a, b) => a - b);
  return { changes: Object.keys(feed.reported).length, duplicates, missing, latencyP50Ms: percentile(lags, 0.5), latencyP99Ms: percentile(lags, 0.99), pollP50Ms: percentile(polls, 0.5), polls: feed.polls };
}

const percentile = (sorted: number[], q: number) => (sorted.length === 0 ? 0 : Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] * 10) / 10);

function runLoad(spec: LoadSpec): Promise<RequestCounts | FeedResult> {
  const child = fork(fileURLToPath(import.meta.url), ['--delivery-load'], { cwd: projectRoot, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (result: RequestCounts | FeedResult) => resolve(result));
    child.once('exit', (code) => reject(new Error(`the load process ended (${code}) without a result`)));
    child.send(spec);
  });
}

const clientOf = (port: number, tls: Tls) => HttpsClient.fromFiles(`https://localhost:${port}`, tls.ca, tls.cert, tls.key);

/** The child: 50 workers, each one TLS connection with one request in flight, for the health baseline or the pushes. */
async function generateLoad(spec: Extract<LoadSpec, { phase: 'health' | 'pushes' }>): Promise<RequestCounts> {
  const result: RequestCounts = { ok: 0, refused: 0, failed: 0, seconds: 0, latencies: [] };
  // where each order stands as far as the workers have seen: they race on the same orders and may be wrong
  const known = new Map<string, number>();
  const random = (below: number) => Math.floor(Math.random() * below);
  const stopAt = performance.now() + spec.durationMs;
  const worker = async () => {
    const client = clientOf(spec.port, spec.tls);
    while (performance.now() < stopAt) {
      const began = performance.now();
      let status = 0;
      if (spec.phase === 'health') status = (await client.get('/api/v1/health')).status;
      else {
        const orderID = spec.orders[random(spec.orders.length)];
        const step = known.get(orderID) ?? 0;
        const pushed = random(6) === 0 || step === WAY.length - 1 ? PUSHABLE[random(PUSHABLE.length)] : WAY[step + 1];
        status = (await client.put(`/api/v1/delivery/services/${SERVICE}/orders/${orderID}/delivery/status`, { body: { status: pushed, carrierName: 'Bench', trackingID: orderID } })).status;
        if (status === 204 && WAY.indexOf(pushed) > step) known.set(orderID, WAY.indexOf(pushed));
      }
      result.latencies.push(performance.now() - began);
      if (status === 200 || status === 204) result.ok += 1;
      else if (status === 400) result.refused += 1;
      else result.failed += 1;
    }
    client.close();
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, worker));
  result.seconds = (performance.now() - began) / 1000;
  return result;
}

/** The child, for the feed: one provider reporting, one delivery platform polling back to back. */
async function generateFeedLoad(spec: Extract<LoadSpec, { phase: 'feed' }>): Promise<FeedResult> {
  const result: FeedResult = { reported: {}, seen: {}, polls: 0, pollLatencies: [], failed: 0 };
  const provider = clientOf(spec.port, spec.providerTls);
  const poller = clientOf(spec.port, spec.tls);
  const path = `/api/v1/delivery/services/${SERVICE}/delivery/changes`;
  await poller.get(path); // the cursor starts at what is there
  let reporting = true;
  const report = async () => {
    const stopAt = performance.now() + spec.durationMs;
    for (const orderID of spec.orders) {
      if (performance.now() >= stopAt) break;
      const response = await provider.post(`/api/v1/delivery-orders/${SERVICE}/${orderID}/status-reports`, { body: { status: 'Processing' } });
      if (response.status === 201) result.reported[orderID] = performance.now();
      else result.failed += 1;
    }
    reporting = false;
  };
  const poll = async () => {
    for (let idle = 0; reporting || idle < 2; ) {
      const began = performance.now();
      const response = await poller.get(path);
      const at = performance.now();
      result.polls += 1;
      result.pollLatencies.push(at - began);
      if (response.status !== 200) {
        result.failed += 1;
        continue;
      }
      const entries = response.json() as { orderID: string }[];
      for (const entry of entries) (result.seen[entry.orderID] ??= []).push(at);
      idle = reporting || entries.length > 0 ? 0 : idle + 1;
    }
  };
  await Promise.all([report(), poll()]);
  provider.close();
  poller.close();
  return result;
}

export function formatDelivery(figures: DeliveryBenchFigures): string[] {
  const { health, pushes, feed } = figures;
  return [
    `  delivery: ${pushes.perSec.toLocaleString('en-US')} status pushes/s from ${figures.clients} mTLS clients on ${figures.orders.toLocaleString('en-US')} orders ` +
      `(${pushes.accepted} accepted, ${pushes.refused} refused; p50 ${pushes.p50Ms} ms, p99 ${pushes.p99Ms} ms); illegal moves accepted: ${figures.illegalMovesAccepted} of ${figures.statusChangesChecked} changes checked`,
    `            beside GET /api/v1/health from the same clients: ${health.perSec.toLocaleString('en-US')}/s (p50 ${health.p50Ms} ms, p99 ${health.p99Ms} ms)`,
    `            changes feed: ${feed.changes} provider reports, each seen ${feed.duplicates || feed.missing ? `with ${feed.duplicates} duplicates and ${feed.missing} missing` : 'exactly once'}; ` +
      `report to poll answer p50 ${feed.latencyP50Ms} ms, p99 ${feed.latencyP99Ms} ms (${feed.polls} polls back to back, p50 ${feed.pollP50Ms} ms each)`,
  ];
}

const runDirectly = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (runDirectly && process.argv.includes('--delivery-load')) {
  process.once('message', async (spec: LoadSpec) => {
    const result = spec.phase === 'feed' ? await generateFeedLoad(spec) : await generateLoad(spec);
    process.send!(result, () => process.exit(0));
  });
} else if (runDirectly) {
  const durationMs = Number(process.argv[2] ?? 8) * 1000;
  const figures = await benchDelivery({ durationMs });
  process.stdout.write(`${formatDelivery(figures).join('\n')}\n`);
  process.exit(figures.illegalMovesAccepted === 0 && figures.feed.duplicates === 0 && figures.feed.missing === 0 ? 0 : 1);
}
