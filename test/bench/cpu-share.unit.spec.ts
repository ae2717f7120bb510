import { execFileSync } from 'node:child_process';
import { expect } from 'chai';
import { projectRoot } from '../../src/platform/project-paths';
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

  it("reads the main thread's CPU on Linux, which grows with work done on it (NaN elsewhere)", function () {
    if (process.platform !== 'linux') {
      expect(mainThreadCpuMicros()).to.be.NaN;
      return;
    }
    this.timeout(30_000);
    // In a process of its own: the loop spins until the process has spent 200 ms of CPU, and threads that
    // earlier tests left running in this one (a log's writer, say) would count towards that, not towards
    // the main thread's (it read 130 ms once in a full run).
    const script = [
      "import { mainThreadCpuMicros } from './test/bench/common.ts';",
      'const before = mainThreadCpuMicros();',
      'const cpuBefore = process.cpuUsage();',
      'for (let spent = process.cpuUsage(cpuBefore); spent.user + spent.system < 200_000; spent = process.cpuUsage(cpuBefore));',
      'console.log(mainThreadCpuMicros() - before);',
    ].join('\n');
    const grown = Number(execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: projectRoot, encoding: 'utf8' }));
    // counted in ticks of 10 ms
    expect(grown).to.be.within(150_000, 260_000);
  });
});
