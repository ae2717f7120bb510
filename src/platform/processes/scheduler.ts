import type { Logger } from '../logger';

/**
 * Timed work that survives restarts: what falls due is kept in read models built from the log (a
 * deadline, a start date), and the sweep finds and acts on it. The sweep runs once at start, catching up
 * on whatever fell due while the platform was down, and then every interval; it compares deadlines with
 * the platform clock, so tests move time with a fixed clock and call runNow(). A sweep that fails is
 * logged and runs again at the next tick; two never overlap.
 */
export class Scheduler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    readonly name: string,
    private readonly sweep: () => Promise<void>,
    private readonly options: { intervalMs: number; logger: Logger },
  ) {}

  async start(): Promise<void> {
    await this.runNow();
    this.timer = setInterval(() => void this.runNow(), this.options.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One sweep now (or the one under way): resolves when it has ended. */
  runNow(): Promise<void> {
    if (this.running) return this.running;
    this.running = this.sweep()
      .catch((error) => this.options.logger.error({ err: error, scheduler: this.name }, 'sweep failed; it runs again on the next tick'))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }
}
