import { expect } from 'chai';
import { mainThreadCpuMicros, serverCpuShare } from './common';

describe("bench: a server's CPU with its main thread's part", () => {
  it('gives per cent of one core over the window, the main thread and its event loop included', () => {
    const start = { user: 1_000_000, system: 500_000, mainThread: 1_200_000, loopBusyMs: 1_000 };
    const end = { user: 2_600_000, system: 700_000, mainThread: 2_600_000, loopBusyMs: 2_900 };
    expect(serverCpuShare(start, end, 2_000)).to.deep.equal({ userPct: 80, systemPct: 10, totalPct: 90, mainThreadPct: 70, mainLoopBusyPct: 95 });
  });

  it('leaves the main thread out where it was not measured', () => {
    const start = { user: 0, system: 0, mainThread: NaN, loopBusyMs: 0 };
    const end = { user: 1_000_000, system: 0, mainThread: NaN, loopBusyMs: 500 };
    expect(serverCpuShare(start, end, 1_000)).to.deep.equal({ userPct: 100, systemPct: 0, totalPct: 100, mainLoopBusyPct: 50 });
  });

  it("reads the main thread's CPU on Linux, which grows with work done on it (NaN elsewhere)", () => {
    if (process.platform !== 'linux') {
      expect(mainThreadCpuMicros()).to.be.NaN;
      return;
    }
    const before = mainThreadCpuMicros();
    const cpuBefore = process.cpuUsage();
    // 200 ms of CPU on this thread, however long the machine takes to give it
    for (let spent = process.cpuUsage(cpuBefore); spent.user + spent.system < 200_000; spent = process.cpuUsage(cpuBefore));
    const grown = mainThreadCpuMicros() - before;
    // counted in ticks of 10 ms; other threads of this process may add to the process's total, never to this
    expect(grown).to.be.within(150_000, 260_000);
  });
});
