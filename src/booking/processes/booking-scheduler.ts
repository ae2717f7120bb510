import type { BookingContext } from '../handlers/booking-context';
import { sweep } from './recovery-sweep';

export type SchedulerOptions = { intervalMs: number; graceMs: number };

/**
 * Runs the sweep once at start (catching up on whatever fell due while the platform was down) and then
 * every interval. Deadlines are compared with the platform clock, so tests move time with a fixed clock.
 */
export class BookingScheduler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly context: BookingContext,
    private readonly options: SchedulerOptions,
  ) {}

  async start(): Promise<void> {
    await this.run();
    this.timer = setInterval(() => void this.run(), this.options.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private run(): Promise<void> {
    if (this.running) return this.running;
    this.running = sweep(this.context, { graceMs: this.options.graceMs })
      .catch((error) => this.context.logger.error({ err: error }, 'booking sweep failed; it runs again on the next tick'))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }
}
