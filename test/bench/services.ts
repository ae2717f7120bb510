/**
 * The services' benchmarks, run by `npm run bench` after the exchange's (scenarios booking, notification,
 * eventlog, petitions, delivery, representation, documents). Each starts its own platform on a fresh data
 * directory. Their reference figure is the exchange's own single-event produce over the same mTLS path, measured
 * in the same run as (a); petitions, delivery and representation also measure the platform's health endpoint in
 * their own runs, with the same load generator; documents prints its own baselines beside its figures.
 */
import { runBookingBench, type BookingBenchResult } from './booking';
import { benchDelivery, formatDelivery, type DeliveryBenchFigures } from './delivery';
import { benchDocuments, formatDocumentsFigures, type DocumentsBenchFigures } from './documents';
import { benchEventLog, type EventLogBenchFigures } from './eventlog';
import { benchNotification, type NotificationBenchFigures } from './notification';
import { benchPetitions, type PetitionsBenchFigures } from './petitions';
import { benchRepresentation, type RepresentationBenchFigures } from './representation';

export const SERVICE_SCENARIOS = ['booking', 'notification', 'eventlog', 'petitions', 'delivery', 'representation', 'documents'] as const;
export type ServiceScenario = (typeof SERVICE_SCENARIOS)[number];

export type ServiceFigures = {
  booking?: BookingBenchResult;
  notification?: NotificationBenchFigures;
  eventlog?: EventLogBenchFigures;
  petitions?: PetitionsBenchFigures;
  delivery?: DeliveryBenchFigures;
  representation?: RepresentationBenchFigures;
  documents?: DocumentsBenchFigures;
};

export async function runServiceBenchmarks(selected: Set<string>, durationMs: number, progress: (line: string) => void): Promise<{ figures: ServiceFigures; errors: string[] }> {
  const figures: ServiceFigures = {};
  const errors: string[] = [];
  const attempt = async (name: ServiceScenario, run: () => Promise<void>) => {
    if (!selected.has(name)) return;
    progress(`${name}: measuring`);
    try {
      await run();
    } catch (error) {
      errors.push(`(${name}) could not be measured: ${(error as Error).message}`);
    }
  };
  await attempt('booking', async () => {
    figures.booking = await runBookingBench({ durationSeconds: Math.max(2, Math.round(durationMs / 1000)) });
    if (figures.booking.overbookedSlots > 0) errors.push(`(booking) ${figures.booking.overbookedSlots} overbooked slots`);
  });
  await attempt('notification', async () => {
    figures.notification = await benchNotification({ durationMs });
  });
  await attempt('eventlog', async () => {
    figures.eventlog = await benchEventLog({ durationMs });
  });
  await attempt('petitions', async () => {
    figures.petitions = await benchPetitions({ durationMs });
    const failures = ['health', 'healthAfter', 'filing', 'authorityList', 'ownAuthorityList'] as const;
    for (const name of failures) if (figures.petitions[name].failures > 0) errors.push(`(petitions) ${figures.petitions[name].failures} ${name} requests failed`);
  });
  await attempt('delivery', async () => {
    figures.delivery = await benchDelivery({ durationMs });
    if (figures.delivery.illegalMovesAccepted > 0) errors.push(`(delivery) ${figures.delivery.illegalMovesAccepted} illegal status moves accepted`);
    const { duplicates, missing } = figures.delivery.feed;
    if (duplicates + missing > 0) errors.push(`(delivery) changes feed: ${duplicates} changes seen twice, ${missing} never seen`);
  });
  await attempt('representation', async () => {
    figures.representation = await benchRepresentation({ durationMs, powers: Number(process.env.BENCH_REPRESENTATION_POWERS ?? 1_000_000), progress });
    for (const name of ['codeTrueOne', 'health'] as const) if (figures.representation[name].failures > 0) errors.push(`(representation) ${figures.representation[name].failures} ${name} requests failed`);
  });
  await attempt('documents', async () => {
    figures.documents = await benchDocuments();
  });
  return { figures, errors };
}

export function formatServiceFigures(figures: ServiceFigures, referencePerSec: number | undefined): string[] {
  const lines: string[] = [];
  const reference = referencePerSec ? `   [reference: exchange single-event produce ${Math.round(referencePerSec).toLocaleString('en-US')}/s in this run]` : '';
  if (!figures.booking && !figures.notification && !figures.eventlog && !figures.petitions && !figures.delivery && !figures.representation && !figures.documents) return lines;
  lines.push(`services${reference}`);
  const b = figures.booking;
  if (b) {
    lines.push(
      `  booking: ${b.requestsPerSecond.toLocaleString('en-US')} appointment requests/s from 50 mTLS clients, half racing for the same slots ` +
        `(${b.accepted} accepted, ${b.refused} refused; p50 ${b.p50Ms} ms, p99 ${b.p99Ms} ms); overbooked slots: ${b.overbookedSlots}`,
    );
  }
  const n = figures.notification;
  if (n) {
    lines.push(
      `  notification: ${n.acceptedPerSec.toLocaleString('en-US')} notifications accepted/s (p50 ${n.acceptLatencyMs.p50} ms, p99 ${n.acceptLatencyMs.p99} ms, ` +
        `${n.failures} failures); dispatcher ${n.dispatchedPerSec.toLocaleString('en-US')} notifications/s to the cabinet`,
    );
  }
  const e = figures.eventlog;
  if (e) {
    const rate = (label: string, r: { perSec: number; p50Ms: number; p99Ms: number; failures: number }) =>
      `${label} ${r.perSec.toLocaleString('en-US')}/s (p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms${r.failures ? `, ${r.failures} failures` : ''})`;
    lines.push(
      `  eventlog: registered ${rate('unsigned', e.registerSingle)}, ${rate('signed', e.registerSigned)}, ${rate('in batches of 100 (events)', e.registerBatchOf100)}`,
      `            searched ${rate('by time range', e.searchTimeRange)}, ${rate('by UID', e.searchByUid)}; ${e.storedEvents} events stored`,
    );
  }
  const p = figures.petitions;
  if (p) {
    const latency = (r: { p50Ms: number; p99Ms: number }) => `p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms`;
    lines.push(
      `  petitions (${p.stored.toLocaleString('en-US')} petitions stored, filed in ${p.seedSeconds} s; ${p.concurrency} mTLS connections)   [baseline: GET /api/v1/health ${p.health.perSec.toLocaleString('en-US')}/s, ${latency(p.health)}; after: ${p.healthAfter.perSec.toLocaleString('en-US')}/s, ${latency(p.healthAfter)}]`,
      `    filings ${p.filing.perSec.toLocaleString('en-US')}/s (${latency(p.filing)}); authority list, scope all: ${p.authorityList.perSec.toLocaleString('en-US')}/s, ${latency(p.authorityList)}; own authority (${Math.round(p.stored / 50).toLocaleString('en-US')}), by due date: ${latency(p.ownAuthorityList)}`,
    );
  }
  if (figures.delivery) lines.push(...formatDelivery(figures.delivery));
  const r = figures.representation;
  if (r) {
    const rate = (perSec: number, p50Ms: number, p99Ms: number) => `${perSec.toLocaleString('en-US')}/s (p50 ${p50Ms} ms, p99 ${p99Ms} ms)`;
    lines.push(
      `  representation: Code-True-One ${rate(r.codeTrueOne.perSec, r.codeTrueOne.p50Ms, r.codeTrueOne.p99Ms)} with ${r.powers.toLocaleString('en-US')} powers stored, ` +
        `${r.concurrency} in flight${r.codeTrueOne.failures ? `, ${r.codeTrueOne.failures} failures` : ''}   [baseline: GET /api/v1/health ${rate(r.health.perSec, r.health.p50Ms, r.health.p99Ms)} in this run]`,
      `                  seeding: ${r.powers.toLocaleString('en-US')} powers appended to the log in ${r.seedAppendSeconds} s, the read model caught up in ${r.seedProjectionSeconds} s`,
    );
  }
  if (figures.documents) lines.push(...formatDocumentsFigures(figures.documents));
  return lines;
}
