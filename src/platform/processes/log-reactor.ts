import type { DocumentStore } from '../document-store/document-store';
import { readLogBatch, type EventStore, type LogFilter, type StoredEvent } from '../event-store/event-store';
import { CoalescedTask } from '../coalesced-task';
import type { Logger } from '../logger';

const CHECKPOINTS = 'process_checkpoints';
const BATCH = 100;
const RETRY_AFTER_FAILURE_MS = 1000;

type Checkpoint = { _id: string; position: number; updatedAt: string };

/** What a reactor follows: the standard events of these types appended to the streams starting so. */
export type ReactorFollows = Required<Pick<LogFilter, 'streamPrefix' | 'types'>>;

/**
 * A process that reacts to events of the log, in log order, from a checkpoint it saves after each event it
 * handled (a service's processes/: e-mails for booking events, notices, timers). After a crash it handles
 * again at most the event it was on, so handlers must be idempotent (derive the ids of what they create
 * from the event). It reacts only to the events the platform appended to the streams it follows: an event
 * of the same type that a client put into the log through the exchange is not a service's.
 */
export class LogReactor {
  private position = 0;
  private running = false;
  private readonly passes = new CoalescedTask(
    () => this.run(),
    (error) => {
      this.deps.logger.error({ err: error, process: this.name, position: this.position }, 'log process failed on an event; it retries');
      this.retryTimer = setTimeout(() => this.wake(), RETRY_AFTER_FAILURE_MS);
      this.retryTimer.unref();
    },
  );
  private retryTimer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | null = null;

  constructor(
    /** the checkpoint's name: unique on the platform, kept across versions (a new name starts from the log's beginning) */
    readonly name: string,
    private readonly deps: { events: EventStore; documents: DocumentStore; logger: Logger },
    private readonly follows: ReactorFollows,
    private readonly handle: (event: StoredEvent) => Promise<void>,
  ) {}

  async start(): Promise<void> {
    this.position = (await this.deps.documents.collection<Checkpoint>(CHECKPOINTS).findOne({ _id: this.name }))?.position ?? 0;
    this.running = true;
    this.unsubscribe = this.deps.events.onAppended(() => this.wake());
    this.wake();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.unsubscribe?.();
    clearTimeout(this.retryTimer);
    await this.passes.idle();
  }

  /** Resolves once the pass under way (if any) has ended: everything appended before it was handled. */
  idle(): Promise<void> {
    return this.passes.idle();
  }

  private wake() {
    if (this.running) void this.passes.wake();
  }

  private async run() {
    while (this.running) {
      const { events, nextAfter } = await readLogBatch(this.deps.events, { after: this.position, limit: BATCH, filter: { kinds: ['standard'], ...this.follows } });
      for (const event of events) {
        if (!this.running) return;
        await this.handle(event);
        this.position = event.position;
        await this.deps.documents
          .collection<Checkpoint>(CHECKPOINTS)
          .replaceOne({ _id: this.name }, { _id: this.name, position: event.position, updatedAt: new Date().toISOString() }, { upsert: true });
      }
      if (events.length < BATCH) {
        this.position = Math.max(this.position, nextAfter);
        return;
      }
    }
  }
}
