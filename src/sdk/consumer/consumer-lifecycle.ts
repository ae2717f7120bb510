import { EventEmitter } from 'node:events';
import { Backoff, sleep } from '../backoff.js';
import { ConnectionError, ProblemError } from '../errors.js';
import type { HttpClient } from '../http-client.js';
import type { ConsumerEvents, ConsumerOptions } from './consumer-options.js';
import type { EventHandler } from './hand-off.js';

/**
 * What both consumers share: started once, stopped once, a reconnect back-off, and the promises a caller
 * awaits. start() resolves at the first connection; `finished` resolves at stop() and rejects on a
 * failure that retrying cannot mend (a refused certificate or right): both reject with it.
 */
export abstract class ConsumerLifecycle extends EventEmitter<ConsumerEvents> {
  protected readonly stopping = new AbortController();
  protected readonly backoff: Backoff;
  private startedOnce = false;
  private readonly startedSettle = settleable();
  private readonly finishedSettle = settleable();

  constructor(
    protected readonly http: HttpClient,
    protected readonly handler: EventHandler,
    protected readonly options: ConsumerOptions = {},
  ) {
    super();
    this.backoff = new Backoff(options.reconnect);
  }

  get finished(): Promise<void> {
    return this.finishedSettle.promise;
  }

  /** Connects (retrying while the platform cannot be reached) and resolves once events can flow. */
  start(): Promise<void> {
    if (!this.startedOnce) {
      this.startedOnce = true;
      this.run();
    }
    return this.startedSettle.promise;
  }

  /** Lets the event being handled finish and be confirmed, then disconnects (long polling: deletes the instance). */
  async stop(): Promise<void> {
    if (!this.stopping.signal.aborted) {
      this.stopping.abort();
      await this.shutDown();
      this.startedSettle.reject(new Error('the consumer was stopped before it connected'));
      this.finishedSettle.resolve();
    }
    await this.finishedSettle.promise.catch(() => undefined);
  }

  protected abstract run(): void;
  /** Ends the consumer's work after stop() aborted `stopping`; not called after a fatal failure, where the work already ended. */
  protected abstract shutDown(): Promise<void>;

  protected connected(): void {
    this.emit('connected');
    this.startedSettle.resolve();
  }

  /** A failure: fatal ones end the consumer, others are waited out with back-off. Resolves false when the consumer must not go on. */
  protected async recover(error: Error, stableConnection = false): Promise<boolean> {
    if (this.stopping.signal.aborted) return false;
    if (isFatal(error)) {
      this.stopping.abort();
      this.startedSettle.reject(error);
      this.finishedSettle.reject(error);
      return false;
    }
    if (stableConnection) this.backoff.reset();
    const delayMs = this.backoff.nextDelayMs(error instanceof ProblemError ? error.retryAfterSeconds : undefined);
    this.emit('disconnected', error, delayMs);
    await sleep(delayMs, this.stopping.signal);
    return !this.stopping.signal.aborted;
  }
}

function isFatal(error: Error): boolean {
  return (error instanceof ProblemError || error instanceof ConnectionError) && !error.transient;
}

function settleable() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  promise.catch(() => undefined); // observed by whoever awaits it; never an unhandled rejection
  return { promise, resolve, reject };
}
