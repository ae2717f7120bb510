/**
 * Runs an async pass at most one at a time. A wake during a pass asks for exactly one more pass after it,
 * however many wakes arrive: work triggered by appends to the log is coalesced, never run in parallel.
 * Used by the projection runner and by the services' processes that follow the log.
 */
export class CoalescedTask {
  private pass: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly run: () => Promise<void>,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Starts a pass, or asks for one more after the current pass; resolves when the current pass ends. */
  wake(): Promise<void> {
    if (this.pass) {
      this.again = true;
      return this.pass;
    }
    this.pass = this.run()
      .catch(this.onError)
      .finally(() => {
        this.pass = null;
        if (this.again) {
          this.again = false;
          void this.wake();
        }
      });
    return this.pass;
  }

  /** Resolves once no pass is running and none is asked for. */
  async idle(): Promise<void> {
    while (this.pass) await this.pass;
  }
}
