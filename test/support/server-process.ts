import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { projectRoot } from '../../src/platform/project-paths';
import { HttpsClient } from './https-client';
import { pkiFiles } from '../../src/platform/identity/pki';

/** The platform as a separate OS process (`src/main.ts`), for tests that kill it. */
export class ServerProcess {
  private child: ChildProcess | null = null;

  constructor(
    readonly dataDir: string,
    readonly port: number,
    /**
     * The largest file the process may write (RLIMIT_FSIZE, set by the shell's `ulimit -f`), with SIGXFSZ
     * ignored: a write past it fails with EFBIG, as on a full disk, instead of killing the process.
     */
    private readonly fileSizeLimitBytes?: number,
  ) {}

  static async freePort(): Promise<number> {
    return new Promise((resolve, reject) => {
      const server = createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
  }

  /** imports: modules loaded before the platform (`node --import`); env: added to the process's environment */
  async start(options: { imports?: string[]; env?: Record<string, string> } = {}): Promise<void> {
    const preloads = (options.imports ?? []).flatMap((module) => ['--import', module]);
    const node = [process.execPath, '--import', 'tsx', ...preloads, join(projectRoot, 'src/main.ts')];
    const command = this.fileSizeLimitBytes
      ? ['bash', '-c', `trap '' XFSZ; ulimit -f ${Math.ceil(this.fileSizeLimitBytes / 1024)}; exec "$@"`, 'bash', ...node]
      : node;
    this.child = spawn(command[0], command.slice(1), {
      cwd: projectRoot,
      env: { ...process.env, DATA_DIR: this.dataDir, PORT: String(this.port), HOST: '127.0.0.1', BRIDGE_ID: 'crash-bridge', LOG_LEVEL: 'warn', ...options.env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const deadline = Date.now() + 30_000;
    for (;;) {
      try {
        const response = await this.client('demo-producer').get('/ce/tools/my-settings');
        if (response.status === 200) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error('the platform process did not start within 30 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** the platform's process id (node itself, unless a file size limit put a shell before it) */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  client(clientId: string): HttpsClient {
    const pki = pkiFiles(join(this.dataDir, 'pki'));
    return HttpsClient.fromFiles(`https://localhost:${this.port}`, pki.caCert, pki.clientCert(clientId), pki.clientKey(clientId));
  }

  /** SIGKILL: no shutdown hook runs, whatever was not committed is lost. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
    this.child = null;
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
    this.child = null;
  }
}
