import { Command } from 'commander';
import type { SingleBar } from 'cli-progress';
import { UsageError } from '../failure';
import { progressBar } from '../progress';

type DataDirFlags = { dataDir?: string };

const dataDirOption = ['--data-dir <dir>', 'the data directory (env DATA_DIR; default ./data)'] as const;
async function configFor(flags: DataDirFlags) {
  const { ConfigurationError, loadConfig } = await import('../../../config');
  return refusedAsUsage(ConfigurationError, () => loadConfig({ ...process.env, ...(flags.dataDir ? { DATA_DIR: flags.dataDir } : {}) }));
}

/**
 * `replay` and `backup`: the operator's npm scripts (src/cli/replay.ts, backup.ts) with progress bars and
 * an ETA. Their modules are loaded when run: the platform's services would slow every other command's start.
 */
export function maintenanceCommands(): Command[] {
  const replay = new Command('replay')
    .summary('rebuild read models from the log, with progress (stop the platform first)')
    .argument('[projection...]', 'the projections to rebuild (default: all)')
    .option(...dataDirOption)
    .action(async (projections: string[], flags: DataDirFlags) => {
      const { replayProjections, ReplayRefused } = await import('../../replay-projections');
      const config = await configFor(flags);
      const started = Date.now();
      const bars = new Map<string, SingleBar>();
      const barOf = (projection: string, head: number) => {
        if (!bars.has(projection)) bars.set(projection, progressBar(projection.padEnd(24), 'positions')).get(projection)!.start(head, 0);
        return bars.get(projection)!;
      };
      const { replayed, profile } = await refusedAsUsage(ReplayRefused, () =>
        replayProjections(config, projections, {
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
      const [{ checkBackup, takeBackup }, { BackupRefused }] = await Promise.all([import('../../backup-run'), import('../../../platform/backup')]);
      if (flags.verify) {
        process.stderr.write(`${await refusedAsUsage(BackupRefused, () => checkBackup(directory))}\n`);
        return;
      }
      const config = await configFor(flags);
      const bar = progressBar('backup', 'bytes');
      bar.start(1, 0);
      const summary = await refusedAsUsage(BackupRefused, () =>
        takeBackup(config, directory, (done, total) => {
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
