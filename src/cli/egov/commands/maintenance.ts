import { Command } from 'commander';
import type { SingleBar } from 'cli-progress';
import { loadConfig } from '../../../config';
import { BackupRefused } from '../../../platform/backup';
import { checkBackup, takeBackup } from '../../backup-run';
import { replayProjections, ReplayRefused } from '../../replay-projections';
import { UsageError } from '../failure';
import { progressBar } from '../progress';

type DataDirFlags = { dataDir?: string };

const dataDirOption = ['--data-dir <dir>', 'the data directory (env DATA_DIR; default ./data)'] as const;
const configFor = (flags: DataDirFlags) => loadConfig({ ...process.env, ...(flags.dataDir ? { DATA_DIR: flags.dataDir } : {}) });

/** `replay` and `backup`: the operator's npm scripts (src/cli/replay.ts, backup.ts) with progress bars and an ETA. */
export function maintenanceCommands(): Command[] {
  const replay = new Command('replay')
    .summary('rebuild read models from the log, with progress (stop the platform first)')
    .argument('[projection...]', 'the projections to rebuild (default: all)')
    .option(...dataDirOption)
    .action(async (projections: string[], flags: DataDirFlags) => {
      const started = Date.now();
      const bars = new Map<string, SingleBar>();
      const barOf = (projection: string, head: number) => {
        if (!bars.has(projection)) bars.set(projection, progressBar(projection.padEnd(24), 'positions')).get(projection)!.start(head, 0);
        return bars.get(projection)!;
      };
      const { replayed, profile } = await refusedAsUsage(ReplayRefused, () =>
        replayProjections(configFor(flags), projections, {
          advanced: (projection, position, head) => barOf(projection, head).update(position, {}),
          finished: (projection, applied) => {
            barOf(projection, 0).stop();
            process.stderr.write(`${projection}: ${applied} events applied\n`);
          },
        }),
      );
      process.stderr.write(`replayed ${replayed} projection(s) from ${profile} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    });

  const backup = new Command('backup')
    .summary('a consistent copy of the data directory while the platform runs, or --verify one')
    .argument('<directory>', 'an empty directory outside the data directory (with --verify: a backup)')
    .option('--verify', 'check a backup against its manifest instead')
    .option(...dataDirOption)
    .action(async (directory: string, flags: DataDirFlags & { verify?: boolean }) => {
      if (flags.verify) {
        process.stderr.write(`${await refusedAsUsage(BackupRefused, () => checkBackup(directory))}\n`);
        return;
      }
      const bar = progressBar('backup', 'bytes');
      bar.start(1, 0);
      const summary = await refusedAsUsage(BackupRefused, () =>
        takeBackup(configFor(flags), directory, (done, total) => {
          bar.setTotal(total);
          bar.update(done);
          if (process.stderr.isTTY) bar.render(); // the copy runs synchronously: no timer would draw it
        }),
      );
      bar.update(bar.getTotal());
      bar.stop();
      process.stderr.write(`${summary}\n`);
    });
  return [replay, backup];
}

async function refusedAsUsage<T>(refusal: new (...args: never[]) => Error, work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw error instanceof refusal ? new UsageError(error.message) : error;
  }
}
