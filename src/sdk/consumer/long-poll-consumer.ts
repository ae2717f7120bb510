import { HTTP } from 'cloudevents';
import { sleep } from '../backoff.js';
import { ProblemError } from '../errors.js';
import { consumedEvent, type ConsumedEvent } from '../events.js';
import { ConsumerLifecycle } from './consumer-lifecycle.js';
import { instanceQuery } from './consumer-options.js';
import { deadReport, handOff } from './hand-off.js';

/**
 * Consumes by long polling: creates a consumer instance, reads batches from it (`/events`), hands each
 * event to the handler in order, reports the ones it gives up on (`/dead`), and confirms up to the last
 * event handled (`/confirm?offset=`) before the next read. A read or confirm that fails is tried again on
 * the same instance (it survives a restart of the platform); an instance that is gone (404: expired, or
 * another bridge) is replaced, its unconfirmed events going back to the group. stop() deletes it.
 */
export class LongPollConsumer extends ConsumerLifecycle {
  private instanceUrl: string | null = null;
  private loop: Promise<void> | null = null;

  protected run(): void {
    this.loop = this.pollLoop();
  }

  private async pollLoop(): Promise<void> {
    await this.pollUntilStopped();
    const instanceUrl = this.instanceUrl;
    this.instanceUrl = null;
    if (instanceUrl) await this.http.send('DELETE', instanceUrl).catch(() => undefined);
  }

  private async pollUntilStopped(): Promise<void> {
    while (!this.stopping.signal.aborted) {
      try {
        this.instanceUrl ??= await this.createInstance();
        const events = await this.read(this.instanceUrl);
        this.backoff.reset();
        await this.handle(this.instanceUrl, events);
      } catch (error) {
        if (this.stopping.signal.aborted) return;
        if (error instanceof ProblemError && error.status === 404 && this.instanceUrl) {
          this.instanceUrl = null;
          continue;
        }
        if (!(await this.recover(error as Error))) return;
      }
    }
  }

  private async createInstance(): Promise<string> {
    const answer = await this.http.expect([201], 'POST', '/ce/consumers', { query: instanceQuery(this.options), signal: this.stopping.signal });
    const location = answer.headers.location;
    if (typeof location !== 'string') throw new Error('the exchange created a consumer instance without a Location');
    this.connected();
    return location;
  }

  private async read(instanceUrl: string): Promise<ConsumedEvent[]> {
    const answer = await this.http.expect([200, 204], 'GET', `${instanceUrl}/events`, { signal: this.stopping.signal });
    if (answer.status === 204) return [];
    return (JSON.parse(answer.text) as object[]).map(consumedEvent);
  }

  /** Hands the batch on in order; confirms up to the last event done (all of them, unless the consumer stops). */
  private async handle(instanceUrl: string, events: ConsumedEvent[]): Promise<void> {
    let done: ConsumedEvent | undefined;
    for (const event of events) {
      const outcome = await handOff(event, this.handler, this.options.retry ?? {}, this.stopping.signal);
      if (outcome.kind === 'stopped') break;
      if (outcome.kind === 'dead') {
        await this.untilDone(() => this.reportDead(instanceUrl, event, outcome.reason));
        this.emit('dead', event.offset, outcome.reason);
      }
      done = event;
    }
    if (!done) return;
    const offset = done.offset;
    await this.untilDone(() => this.http.expect([204], 'POST', `${instanceUrl}/confirm`, { query: { offset } }));
    for (const event of events.slice(0, events.indexOf(done) + 1)) this.emit('confirmed', event.offset);
  }

  private async reportDead(instanceUrl: string, event: ConsumedEvent, reason: string): Promise<void> {
    const message = HTTP.binary(deadReport(event, reason));
    await this.http.expect([202], 'POST', `${instanceUrl}/dead`, { headers: message.headers as Record<string, string>, body: message.body as string });
  }

  /**
   * A confirm or dead report is tried again while the failure may pass, also while stopping (the
   * work is done: confirming it spares the handler a second call); a 404 means the instance is gone
   * and its events come again to another one.
   */
  private async untilDone(request: () => Promise<unknown>): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await request();
        return;
      } catch (error) {
        const transient = (error as { transient?: boolean }).transient === true;
        if (!transient || (this.stopping.signal.aborted && attempt >= 3)) throw error;
        await sleep(this.backoff.nextDelayMs(), this.stopping.signal);
      }
    }
  }

  protected async shutDown(): Promise<void> {
    await this.loop;
  }
}
