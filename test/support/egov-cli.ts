import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { projectRoot } from '../../src/platform/project-paths';

export type EgovRun = { code: number; stdout: string; stderr: string };

/**
 * `npx egov ...` as a user runs it: its own process (the bin script, src/cli/egov.js), in the repository,
 * with the given environment on top of this one. `input` goes to its standard input.
 */
export function runEgov(args: string[], env: Record<string, string> = {}, input?: string): Promise<EgovRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(projectRoot, 'src/cli/egov.js'), ...args], {
      cwd: projectRoot,
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    child.stdin.end(input);
  });
}

/** The environment that points egov at a platform under test: its URL and its data directory's PKI. */
export function egovEnv(platform: { baseUrl: string; dataDir: string }): Record<string, string> {
  return { EGOV_URL: platform.baseUrl, DATA_DIR: platform.dataDir };
}
