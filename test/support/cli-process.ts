import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { projectRoot } from '../../src/platform/project-paths';

/**
 * One of the platform's command-line tools (`src/cli/<name>.ts`) as an operator runs it through npm:
 * its own process, DATA_DIR from the environment. Resolves with its exit code and what it wrote to stderr.
 */
export function runCli(name: string, dataDir: string, args: string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(projectRoot, 'src/cli', `${name}.ts`), ...args], {
      cwd: projectRoot,
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code: code ?? -1, stderr }));
  });
}
