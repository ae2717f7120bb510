import { expect } from 'chai';
import type { HttpLoadResult } from './common';
import { combineCpu, combineHttpSlices, combineLoopSlices, roundOrder, roundRatios, sliceDurations } from './rounds';

function slice(eventsPerSec: number, measuredMs: number, latencies: number[], extra: Partial<HttpLoadResult> = {}): HttpLoadResult {
  return {
    kind: 'http',
    eventsPerSec,
    perSecond: [eventsPerSec],
    requestsPerSec: eventsPerSec,
    latencyMs: { count: latencies.length, p50: 0, p99: 0, mean: 0, max: 0 },
    latencySamplesMs: latencies,
    measuredMs,
    acceptedEvents: (eventsPerSec * measuredMs) / 1000 + 10,
    requests: (eventsPerSec * measuredMs) / 1000 + 10,
    failures: 0,
    errors: [],
    clientCpu: { userPct: 80, systemPct: 10, totalPct: 90 },
    handshakes: 64,
    ...extra,
  };
}

describe('bench rounds (baseline and platform in alternating slices)', () => {
  it('alternates which side goes first, so that a steady drift favours neither', () => {
    expect(roundOrder(4)).to.deep.equal([
      ['baseline', 'platform'],
      ['platform', 'baseline'],
      ['baseline', 'platform'],
      ['platform', 'baseline'],
    ]);
    expect(roundOrder(1)).to.deep.equal([['baseline', 'platform']]);
  });

  it('splits the measured window into slices that add up to it', () => {
    expect(sliceDurations(8000, 4)).to.deep.equal([2000, 2000, 2000, 2000]);
    expect(sliceDurations(1000, 3)).to.deep.equal([334, 333, 333]);
    expect(sliceDurations(10, 4).reduce((a, b) => a + b, 0)).to.equal(10);
  });

  it('combines HTTP slices as one run over their summed windows', () => {
    const combined = combineHttpSlices([
      slice(10_000, 2000, [1, 2, 3]),
      slice(20_000, 1000, [4, 5], { failures: 1, errors: ['HTTP 500'], handshakes: 65, clientCpu: { userPct: 50, systemPct: 10, totalPct: 60 } }),
    ]);
    // 20,000 + 20,000 events in 3 s
    expect(combined.eventsPerSec).to.equal(13_333);
    expect(combined.measuredMs).to.equal(3000);
    expect(combined.latencyMs).to.include({ count: 5, p50: 3, max: 5 });
    expect(combined.perSecond).to.deep.equal([10_000, 20_000]);
    expect(combined.acceptedEvents).to.equal(20_010 + 20_010);
    expect(combined.failures).to.equal(1);
    expect(combined.errors).to.deep.equal(['HTTP 500']);
    expect(combined.handshakes).to.equal(65);
    // weighted by each slice's window: (90 * 2 + 60 * 1) / 3
    expect(combined.clientCpu.totalPct).to.equal(80);
  });

  it('leaves a single slice as it was measured', () => {
    const only = slice(5_000, 8000, [2]);
    expect(combineHttpSlices([only])).to.equal(only);
  });

  it('combines append-loop slices (the bare SQLite baseline) from their rows and commits', () => {
    const combined = combineLoopSlices([
      { eventsPerSec: 100_000, commitsPerSec: 1000, latencyMs: { count: 2, p50: 1, p99: 1, mean: 1, max: 1 }, latencySamplesMs: [1, 1], measuredMs: 1000, rows: 100_000 },
      { eventsPerSec: 50_000, commitsPerSec: 500, latencyMs: { count: 2, p50: 2, p99: 2, mean: 2, max: 2 }, latencySamplesMs: [2, 2], measuredMs: 1000, rows: 50_000 },
    ]);
    // four commits in 2 s
    expect(combined).to.include({ eventsPerSec: 75_000, commitsPerSec: 2, measuredMs: 2000, rows: 150_000 });
    expect(combined.latencyMs).to.include({ count: 4, p50: 1, max: 2 });
  });

  it('weights CPU shares by the length of each slice', () => {
    const cpu = combineCpu([
      { serverCpu: { userPct: 90, systemPct: 10, totalPct: 100 }, machineBusyPct: 150, measuredMs: 3000 },
      { serverCpu: { userPct: 50, systemPct: 10, totalPct: 60 }, machineBusyPct: 110, measuredMs: 1000 },
    ]);
    expect(cpu).to.deep.equal({ serverCpu: { userPct: 80, systemPct: 10, totalPct: 90 }, machineBusyPct: 140 });
  });

  it("weights the main thread's share and its event loop's busy time alike, and leaves out what a slice lacks", () => {
    const withMain = (mainThreadPct: number, mainLoopBusyPct: number) => ({ userPct: 90, systemPct: 10, totalPct: 100, mainThreadPct, mainLoopBusyPct });
    const cpu = combineCpu([
      { serverCpu: withMain(80, 96), machineBusyPct: 150, measuredMs: 3000 },
      { serverCpu: withMain(40, 56), machineBusyPct: 150, measuredMs: 1000 },
    ]);
    expect(cpu.serverCpu).to.deep.equal({ userPct: 90, systemPct: 10, totalPct: 100, mainThreadPct: 70, mainLoopBusyPct: 86 });
    const partly = combineCpu([
      { serverCpu: withMain(80, 96), machineBusyPct: 150, measuredMs: 3000 },
      { serverCpu: { userPct: 90, systemPct: 10, totalPct: 100, mainLoopBusyPct: 56 }, machineBusyPct: 150, measuredMs: 1000 },
    ]);
    expect(partly.serverCpu).to.deep.equal({ userPct: 90, systemPct: 10, totalPct: 100, mainLoopBusyPct: 86 });
  });

  it('gives each round its own ratio', () => {
    expect(roundRatios([{ eventsPerSec: 20_000 }, { eventsPerSec: 10_000 }], [{ eventsPerSec: 10_000 }, { eventsPerSec: 6_000 }])).to.deep.equal([0.5, 0.6]);
  });
});
