import { CoalescedTask } from '../platform/coalesced-task';
import type { EventKind } from '../platform/event-store/event-store';
import type { ClientRegistry } from '../platform/identity/client-registry';
import type { Logger } from '../platform/logger';
import { mayConsume } from './exchange-rights';
import type { LaneGroups } from './lane-groups';
import type { LaneWaiters } from './lane-waiters';
import type { LogTail } from './log-tail';

export type WaiterReadAheadDeps = { tail: LogTail; groups: LaneGroups; waiters: LaneWaiters; registry: ClientRegistry; logger: Logger };

/**
 * After appends, the lanes with waiting instances read what was appended (through the tail); their
 * instances wake if some of it is theirs. Wakes coalesce: appends during a pass make one more pass.
 */
export class WaiterReadAhead {
  private readonly task: CoalescedTask;

  constructor(private readonly deps: WaiterReadAheadDeps) {
    this.task = new CoalescedTask(
      () => this.readAhead(),
      (error) => deps.logger.error({ err: error }, 'reading new events for waiting consumer instances failed; they read them on their next poll'),
    );
  }

  wake(): Promise<void> {
    return this.task.wake();
  }

  idle(): Promise<void> {
    return this.task.idle();
  }

  /**
   * Side by side: a lane that reads the log itself (behind the tail) holds no other up.
   * A lane whose client may consume none of the types that came after its position passes them by
   * without reading: with many groups waiting, each reading every commit cost producers half their rate.
   */
  private async readAhead() {
    const { tail, groups, waiters } = this.deps;
    const waited = waiters.waitedLanes();
    if (waited.length === 0) return; // no instance waits: the log is not read for nothing
    await tail.catchUp();
    // lanes near the head mostly stand at the same position: the types after it are gathered once
    const typesSeen = new Map<string, ReadonlySet<string> | null>();
    const typesAfter = (position: number, kind: EventKind) => {
      const key = `${position}/${kind}`;
      if (!typesSeen.has(key)) typesSeen.set(key, tail.typesAfter(position, kind));
      return typesSeen.get(key)!;
    };
    const worthReading = waited.filter((lane) => {
      const identity = groups.identityOf(lane);
      // a lane whose kind of events (test and dead events are rare) did not come since it last read reads nothing now
      if (!identity || !tail.mayHoldAfter(lane.readUpTo(), identity.kind)) return false;
      if (this.mayGetAnyOf(identity.clientId, typesAfter(lane.readUpTo(), identity.kind))) return true;
      lane.passTo(tail.readUpTo(), tail.upToDate());
      return false;
    });
    await Promise.all(
      worthReading.map(async (lane) => {
        if (await lane.readAhead()) waiters.notify([lane]);
      }),
    );
  }

  /** Whether the client may consume any of these types (null: types the tail no longer knows, so maybe). */
  private mayGetAnyOf(clientId: string, types: ReadonlySet<string> | null): boolean {
    if (types === null) return true;
    const client = this.deps.registry.get(clientId);
    return client !== undefined && [...types].some((type) => mayConsume(client, type));
  }
}
