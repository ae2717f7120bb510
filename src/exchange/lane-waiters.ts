import type { ConsumerLane } from './consumer-lane';

/** The instances waiting for something to change in a lane (long polls, idle WebSocket connections), by lane. */
export class LaneWaiters {
  private readonly waiters = new Map<ConsumerLane, Set<() => void>>();

  /**
   * Resolves when something changes in one of the lanes that may let an instance reading them take
   * events: new events for them, events given back, a confirm (which frees partition keys, and a
   * WebSocket's window), a lane starting to hand events out; or after timeoutMs.
   */
  waitForChange(timeoutMs: number, lanes: readonly ConsumerLane[]): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        for (const lane of lanes) this.waiters.get(lane)?.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      for (const lane of lanes) {
        let waiting = this.waiters.get(lane);
        if (!waiting) this.waiters.set(lane, (waiting = new Set()));
        waiting.add(done);
      }
    });
  }

  /**
   * The same, after a take that found nothing: at once if a lane has not yet read events appended since
   * (they arrived while the take ran, and the read-ahead that follows appends passed it by).
   */
  waitForEvents(timeoutMs: number, lanes: readonly ConsumerLane[]): Promise<void> {
    return lanes.some((lane) => lane.wouldRead()) ? Promise.resolve() : this.waitForChange(timeoutMs, lanes);
  }

  /** Wakes the instances waiting on these lanes (all lanes when none are given). */
  notify(lanes: Iterable<ConsumerLane> = this.waiters.keys()): void {
    const woken = new Set<() => void>();
    for (const lane of lanes) for (const waiter of this.waiters.get(lane) ?? []) woken.add(waiter);
    for (const waiter of woken) waiter();
  }

  /** The lanes some instance waits on now. */
  waitedLanes(): ConsumerLane[] {
    return [...this.waiters].flatMap(([lane, waiting]) => (waiting.size > 0 ? [lane] : []));
  }

  /** Lanes no instance reads any more: whatever still waits on them ends now. */
  forget(lanes: readonly ConsumerLane[]): void {
    this.notify(lanes);
    for (const lane of lanes) this.waiters.delete(lane);
  }
}
