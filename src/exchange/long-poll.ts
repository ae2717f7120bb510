import type { ExchangeConfig } from '../config';
import { totalSize } from '../platform/event-store/event-store';
import type { Logger } from '../platform/logger';
import type { ConsumerInstance, OffsetDelivery } from './consumer-instance';
import type { ConsumerInstances } from './consumer-instances';
import type { LaneWaiters } from './lane-waiters';

/** the sizes of a long-polling instance's unconfirmed events may add up to this, past the one that reaches it */
const POLL_MAX_UNCONFIRMED_SIZE = 64_000_000;

/** One long-polling read: at most `max` events (and `maxSize`), waiting up to `timeoutMs`, lingering `lingerMs` for more. */
export type PollOptions = { max: number; maxSize?: number; timeoutMs: number; lingerMs: number; isAbandoned: () => boolean };

export type LongPollDeps = { config: ExchangeConfig; logger: Logger; instances: ConsumerInstances; waiters: LaneWaiters };

/**
 * Long polling: waits until at least one event is available (or the timeout passes), then lingers
 * briefly so a batch read can collect more before answering. An instance that holds pollMaxUnconfirmed
 * unconfirmed events, or 64 MB of them, is handed nothing more until it confirms.
 */
export class LongPolls {
  /** the server is stopping: a long poll answers with what it has instead of waiting */
  private readsEnded = false;

  constructor(private readonly deps: LongPollDeps) {}

  /** The first step of a stop: waiting long polls answer now (the caller wakes them), and new ones at once. */
  endReads(): void {
    this.readsEnded = true;
  }

  async poll(instance: ConsumerInstance, options: PollOptions): Promise<OffsetDelivery[]> {
    instance.reads += 1;
    try {
      return await this.pollOnce(instance, options);
    } finally {
      instance.reads -= 1;
      this.deps.instances.touch(instance);
    }
  }

  private async pollOnce(instance: ConsumerInstance, options: PollOptions): Promise<OffsetDelivery[]> {
    const { config, logger, instances, waiters } = this.deps;
    const maxSize = options.maxSize ?? Number.POSITIVE_INFINITY;
    const deadline = Date.now() + options.timeoutMs;
    instances.touch(instance);
    let taken: OffsetDelivery[] = [];
    let heldBack = false;
    while (instances.isOpen(instance) && !options.isAbandoned() && !this.readsEnded) {
      const room = instance.room(config.pollMaxUnconfirmed, POLL_MAX_UNCONFIRMED_SIZE);
      taken = room ? await this.takeOrWake(instance, Math.min(options.max, room.events), Math.min(maxSize, room.size)) : [];
      if (taken.length > 0) break;
      if (!room && !heldBack) {
        heldBack = true;
        const { id, clientId: client, options: { group }, unconfirmedCount: unconfirmed } = instance;
        logger.warn({ instance: id, client, group, unconfirmed }, 'a long-polling instance holds too many unconfirmed events: nothing more until it confirms');
      }
      const remaining = deadline - Date.now();
      if (remaining <= 0) break;
      await (room ? waiters.waitForEvents(remaining, instance.lanes) : waiters.waitForChange(remaining, instance.lanes));
    }
    const takenSize = totalSize(taken);
    if (taken.length > 0 && taken.length < options.max && takenSize < maxSize && options.lingerMs > 0) {
      await waiters.waitForEvents(options.lingerMs, instance.lanes);
      try {
        const room = instance.room(config.pollMaxUnconfirmed, POLL_MAX_UNCONFIRMED_SIZE);
        if (instances.isOpen(instance) && room) {
          taken.push(...(await this.takeOrWake(instance, Math.min(options.max - taken.length, room.events), Math.min(maxSize - takenSize, room.size))));
        }
      } catch (error) {
        // the first take's events are numbered and held for this read: they are answered, the rest came back
        logger.warn({ err: error, instance: instance.id }, 'a lingering read failed; answering what was read before');
      }
    }
    // an instance deleted while it read gave its events back after the others were woken: wake them again
    if (!instances.isOpen(instance)) waiters.notify(instance.lanes);
    return taken;
  }

  /** A take that failed gave its events back to the group: the other instances are woken for them. */
  private async takeOrWake(instance: ConsumerInstance, max: number, maxSize: number): Promise<OffsetDelivery[]> {
    try {
      return await instance.take(max, maxSize);
    } catch (error) {
      this.deps.waiters.notify(instance.lanes);
      throw error;
    }
  }
}
