import { readLogBatch, type EventKind, type EventStore, type StoredEvent } from '../platform/event-store/event-store';

/**
 * The newest events of the log, read once for every consumer lane of the bridge. Each lane keeps the
 * events its client may consume, so without this, every lane read and parsed each commit's events itself:
 * with 100 consumer groups waiting, the bridge did 100 reads per commit and its produce rate fell by
 * four fifths (docs/decisions.md). A lane behind the tail reads the log itself, as before.
 * The events are shared between lanes: nothing may change them.
 */
export class LogTail {
  /** events with position in (from, readTo], oldest first */
  private events: StoredEvent[] = [];
  /** their total StoredEvent.size */
  private size = 0;
  /** nothing is served from the tail before start() */
  private from = Number.POSITIVE_INFINITY;
  private readTo = 0;
  /** the position of the newest event of each kind read so far */
  private readonly newestOfKind = new Map<EventKind, number>();
  private announced = 0;
  private readForAnnouncement = 0;
  private reading: Promise<void> | null = null;

  constructor(
    private readonly store: EventStore,
    /**
     * how many events it keeps: enough for what arrives between two reads of a lane near the head (a
     * group commit holds up to a few thousand)
     */
    private readonly capacity = 2_000,
    /** and their greatest total size, so that large events do not fill the heap (about 16 MB) */
    private readonly maxSize = 16_000_000,
  ) {}

  /** The tail begins at the log's head as it is now. */
  async start(): Promise<void> {
    this.from = this.readTo = await this.store.headPosition();
  }

  /** Events were appended to the log: the next read looks for them. */
  appended(): void {
    this.announced += 1;
  }

  /**
   * Like readLogBatch with a filter on one kind: up to `limit` events of that kind after `after`, and none
   * after the one that brings their total size to `maxSize`. Null when `after` is older than the tail.
   */
  async read(after: number, limit: number, maxSize: number, kind: EventKind): Promise<{ events: StoredEvent[]; size: number; nextAfter: number; full: boolean } | null> {
    await this.catchUp();
    if (after < this.from) return null;
    const found: StoredEvent[] = [];
    let size = 0;
    for (let index = this.firstAfter(after); index < this.events.length; index += 1) {
      const stored = this.events[index];
      if (stored.kind !== kind) continue;
      found.push(stored);
      size += stored.size;
      if (found.length === limit || size >= maxSize) return { events: found, size, nextAfter: stored.position, full: true };
    }
    return { events: found, size, nextAfter: Math.max(this.readTo, after), full: false };
  }

  /** Reads what was announced and not read yet. */
  async catchUp(): Promise<void> {
    if (this.readForAnnouncement >= this.announced) return;
    this.reading ??= (async () => {
      try {
        while (this.readForAnnouncement < this.announced) {
          const announcement = this.announced;
          await this.readNewEvents();
          this.readForAnnouncement = announcement;
        }
      } finally {
        this.reading = null;
      }
    })();
    return this.reading;
  }

  private async readNewEvents() {
    const head = await this.store.headPosition();
    if (head <= this.readTo) return;
    const { events, nextAfter, full } = await readLogBatch(this.store, { after: this.readTo, limit: this.capacity, maxSize: this.maxSize }, head);
    if (full) {
      // more arrived than the tail keeps: it starts again at the head, and the lanes behind read the log
      this.events = [];
      this.size = 0;
      this.from = this.readTo = head;
      return;
    }
    this.events.push(...events);
    for (const stored of events) {
      this.newestOfKind.set(stored.kind, stored.position);
      this.size += stored.size;
    }
    this.readTo = nextAfter;
    let dropped = 0;
    while (this.events.length - dropped > this.capacity || this.size > this.maxSize) {
      this.size -= this.events[dropped].size;
      this.from = this.events[dropped].position;
      dropped += 1;
    }
    if (dropped > 0) this.events = this.events.slice(dropped);
  }

  /**
   * The types of the events of this kind after `after`, as far as the tail has read; null when `after` is
   * older than the tail. Against a client's rights it tells a lane whether anything there may be its.
   */
  typesAfter(after: number, kind: EventKind): ReadonlySet<string> | null {
    if (after < this.from) return null;
    const types = new Set<string>();
    for (let index = this.firstAfter(after); index < this.events.length; index += 1) {
      const stored = this.events[index];
      if (stored.kind === kind) types.add(stored.event.type);
    }
    return types;
  }

  /** How far the tail has read the log. */
  readUpTo(): number {
    return this.readTo;
  }

  /** Whether the tail has read every append it was told of. */
  upToDate(): boolean {
    return this.readForAnnouncement >= this.announced;
  }

  /**
   * Whether the log may hold events of this kind after `after`, as far as the tail has read: false only
   * when the tail covers `after` and has read none of that kind since.
   */
  mayHoldAfter(after: number, kind: EventKind): boolean {
    return after < this.from || (this.newestOfKind.get(kind) ?? Number.NEGATIVE_INFINITY) > after;
  }

  /** Index of the first event after `after` (binary search: positions increase). */
  private firstAfter(after: number): number {
    let low = 0;
    let high = this.events.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.events[middle].position <= after) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
