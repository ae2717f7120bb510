import { EventEmitter } from 'node:events';
import { Backoff, sleep, type BackoffOptions } from '../backoff.js';
import { ProblemError } from '../errors.js';
import { toWireEvent, type EventInput } from '../events.js';
import type { Producer } from '../producer.js';
import { OutboxStore, type OutboxRow, type RejectedRow } from './outbox-store.js';

export type OutboxOptions = {
  /** events per request (default 100) */
  batchSize?: number;
  /** JSON bytes per request, below the exchange's 1 MiB limit (default 900,000) */
  maxBatchBytes?: number;
  backoff?: BackoffOptions;
};

export type OutboxEvents = {
  /** a batch was stored by the exchange (202) */
  sent: [count: number];
  /** a request failed and is tried again after delayMs */
  retrying: [error: Error, delayMs: number];
  /** the exchange refused this event for good (400, 401, 409, 413, 422): kept aside, not sent again */
  rejected: [event: RejectedRow];
};

/**
 * A durable local queue of events to produce (DESIGN.md: producers use an outbox and retry). add() puts
 * events in a SQLite file; a sender takes them out in order, in batches, and retries each batch with
 * back-off until the exchange answers 202, across restarts of the producer and of the platform.
 * One source + id is one event: adding it twice sends it once.
 *
 * One process at a time should open a given file.
 */
export class Outbox extends EventEmitter<OutboxEvents> {
  private readonly store: OutboxStore;
  private readonly backoff: Backoff;
  private readonly stopping = new AbortController();
  private wake: (() => void) | null = null;
  private idleWaiters: (() => void)[] = [];
  private sender: Promise<void> | null = null;

  constructor(
    file: string,
    private readonly producer: Producer,
    private readonly options: OutboxOptions = {},
  ) {
    super();
    this.store = new OutboxStore(file);
    this.backoff = new Backoff({ initialMs: 500, maxMs: 30_000, ...options.backoff });
  }

  /** Stores the events durably (one transaction) and returns how many were new. The sender, if started, sends them soon. */
  add(events: EventInput | EventInput[]): number {
    const wire = (Array.isArray(events) ? events : [events]).map(toWireEvent);
    const added = this.store.add(wire.map(({ event, json }) => ({ source: event.source, id: event.id, json })));
    this.wake?.();
    return added;
  }

  /** Starts sending in the background (what a previous run left in the file first). */
  start(): this {
    this.sender ??= this.send();
    return this;
  }

  waiting(): number {
    return this.store.waiting();
  }

  rejected(): RejectedRow[] {
    return this.store.rejected();
  }

  retryRejected(): number {
    const count = this.store.retryRejected();
    this.wake?.();
    return count;
  }

  /** Resolves when nothing waits to be sent (rejected events do not count). */
  async flushed(): Promise<void> {
    if (this.store.waiting() === 0) return;
    await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }

  /** Stops the sender after the request under way and closes the file; what is left is sent by the next run. */
  async close(): Promise<void> {
    this.stopping.abort();
    this.wake?.();
    await this.sender;
    this.store.close();
  }

  private async send(): Promise<void> {
    const batchSize = this.options.batchSize ?? 100;
    const maxBytes = this.options.maxBatchBytes ?? 900_000;
    while (!this.stopping.signal.aborted) {
      const batch = this.store.next(batchSize, maxBytes);
      if (batch.length === 0) {
        this.idleWaiters.splice(0).forEach((resolve) => resolve());
        await new Promise<void>((resolve) => (this.wake = resolve));
        this.wake = null;
        continue;
      }
      try {
        await this.sendBatch(batch);
        this.backoff.reset();
      } catch (error) {
        const delayMs = this.backoff.nextDelayMs(error instanceof ProblemError ? error.retryAfterSeconds : undefined);
        this.emit('retrying', error as Error, delayMs);
        await sleep(delayMs, this.stopping.signal);
      }
    }
  }

  /** Throws on a failure worth retrying; a batch refused for good is sent again event by event, to set aside only the culprits. */
  private async sendBatch(batch: OutboxRow[]): Promise<void> {
    try {
      await this.producer.produceBatchJson(batch.map((row) => row.json));
      this.store.remove(batch);
      this.emit('sent', batch.length);
    } catch (error) {
      if (!(error instanceof ProblemError) || error.transient) throw error;
      if (batch.length > 1) {
        for (const row of batch) await this.sendBatch([row]);
        return;
      }
      this.store.reject(batch[0], error.message);
      this.emit('rejected', { ...batch[0], problem: error.message });
    }
  }
}
