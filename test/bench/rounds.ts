/**
 * Rounds: (a) and (b) measure baseline and platform in alternating slices instead of one long run each,
 * so that both see the same machine. On these shared machines the bare baseline's rate moves by a factor
 * of two between runs minutes apart, and a ratio of two runs taken half a minute apart carries that.
 * Each round measures both sides, in ABBA order (baseline first in even rounds, platform first in odd
 * ones), so that a machine speeding up or slowing down through the run favours neither side.
 * The slices of a side are combined as if measured in one window of their summed length.
 */
import { summarize, type AppendLoopResult, type CpuShare, type HttpLoadResult } from './common';

export type Side = 'baseline' | 'platform';

/** The order of the sides in each round: ABBA, so that a linear drift cancels over every two rounds. */
export function roundOrder(rounds: number): Side[][] {
  return Array.from({ length: rounds }, (_, round) => (round % 2 === 0 ? ['baseline', 'platform'] : ['platform', 'baseline']));
}

/** The measured window split into `rounds` slices of whole milliseconds, their sum the window. */
export function sliceDurations(durationMs: number, rounds: number): number[] {
  const base = Math.floor(durationMs / rounds);
  return Array.from({ length: rounds }, (_, round) => base + (round < durationMs - base * rounds ? 1 : 0));
}

/** A slice's server side as runLoad measured it: its CPU and the whole machine's, over the slice. */
export type SliceCpu = { serverCpu: CpuShare; machineBusyPct: number };

/** Shares (per cent of a core) over slices of different lengths: the share over their summed length. */
export function combineCpu(slices: (SliceCpu & { measuredMs: number })[]): SliceCpu {
  const total = slices.reduce((sum, slice) => sum + slice.measuredMs, 0);
  const mean = (pick: (slice: SliceCpu) => number) => Math.round(slices.reduce((sum, slice) => sum + pick(slice) * slice.measuredMs, 0) / total);
  // a share only some slices measured is left out rather than averaged over the others
  const optionalMean = (pick: (share: CpuShare) => number | undefined) =>
    slices.every((slice) => pick(slice.serverCpu) !== undefined) ? mean((slice) => pick(slice.serverCpu)!) : undefined;
  const mainThreadPct = optionalMean((share) => share.mainThreadPct);
  const mainLoopBusyPct = optionalMean((share) => share.mainLoopBusyPct);
  return {
    serverCpu: {
      userPct: mean((s) => s.serverCpu.userPct),
      systemPct: mean((s) => s.serverCpu.systemPct),
      totalPct: mean((s) => s.serverCpu.totalPct),
      ...(mainThreadPct !== undefined ? { mainThreadPct } : {}),
      ...(mainLoopBusyPct !== undefined ? { mainLoopBusyPct } : {}),
    },
    machineBusyPct: mean((s) => s.machineBusyPct),
  };
}

/** HTTP load slices as one run: counts summed, rates over the summed windows, percentiles over every request. */
export function combineHttpSlices(slices: HttpLoadResult[]): HttpLoadResult {
  if (slices.length === 1) return slices[0];
  const measuredMs = sum(slices, (slice) => slice.measuredMs);
  const seconds = measuredMs / 1000;
  const clientMean = (pick: (share: CpuShare) => number) => Math.round(sum(slices, (slice) => pick(slice.clientCpu) * slice.measuredMs) / measuredMs);
  const latencySamplesMs = slices.flatMap((slice) => slice.latencySamplesMs);
  return {
    kind: 'http',
    eventsPerSec: Math.round(sum(slices, (slice) => slice.eventsPerSec * slice.measuredMs) / 1000 / seconds),
    perSecond: slices.flatMap((slice) => slice.perSecond),
    requestsPerSec: Math.round(sum(slices, (slice) => slice.requestsPerSec * slice.measuredMs) / 1000 / seconds),
    latencyMs: summarize(latencySamplesMs),
    latencySamplesMs,
    measuredMs,
    acceptedEvents: sum(slices, (slice) => slice.acceptedEvents),
    requests: sum(slices, (slice) => slice.requests),
    failures: sum(slices, (slice) => slice.failures),
    errors: slices.flatMap((slice) => slice.errors).slice(0, 10),
    clientCpu: { userPct: clientMean((s) => s.userPct), systemPct: clientMean((s) => s.systemPct), totalPct: clientMean((s) => s.totalPct) },
    // every slice opens its own connections
    handshakes: Math.max(...slices.map((slice) => slice.handshakes)),
  };
}

/** Append-loop slices (the bare SQLite baseline) as one loop over their summed windows. */
export function combineLoopSlices(slices: AppendLoopResult[]): AppendLoopResult {
  if (slices.length === 1) return slices[0];
  const measuredMs = sum(slices, (slice) => slice.measuredMs);
  const latencySamplesMs = slices.flatMap((slice) => slice.latencySamplesMs);
  const rows = sum(slices, (slice) => slice.rows);
  return {
    eventsPerSec: Math.round(rows / (measuredMs / 1000)),
    commitsPerSec: Math.round(latencySamplesMs.length / (measuredMs / 1000)),
    latencyMs: summarize(latencySamplesMs),
    latencySamplesMs,
    measuredMs,
    rows,
  };
}

/** Each round's ratio, platform over baseline events/s, for the report: how much the rounds agree. */
export function roundRatios(baseline: { eventsPerSec: number }[], platform: { eventsPerSec: number }[]): number[] {
  return platform.map((slice, round) => Math.round((slice.eventsPerSec / baseline[round].eventsPerSec) * 100) / 100);
}

function sum<T>(items: T[], pick: (item: T) => number): number {
  return items.reduce((total, item) => total + pick(item), 0);
}
