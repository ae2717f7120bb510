export type BackoffOptions = { initialMs?: number; maxMs?: number };

/**
 * Exponential back-off with full jitter (each wait a random time up to the current ceiling, which doubles
 * per failure), so that many clients cut off at once do not come back at once. A Retry-After from the
 * server is waited at least.
 */
export class Backoff {
  private failures = 0;
  private readonly initialMs: number;
  private readonly maxMs: number;

  constructor(options: BackoffOptions = {}) {
    this.initialMs = options.initialMs ?? 250;
    this.maxMs = options.maxMs ?? 30_000;
  }

  nextDelayMs(retryAfterSeconds?: number): number {
    const ceiling = Math.min(this.maxMs, this.initialMs * 2 ** this.failures);
    this.failures += 1;
    const jittered = ceiling / 2 + Math.random() * (ceiling / 2);
    return Math.max(jittered, (retryAfterSeconds ?? 0) * 1000);
  }

  reset(): void {
    this.failures = 0;
  }
}

/** Resolves after `ms`, or at once when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });
}
