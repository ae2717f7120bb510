import { NOTIFICATIONS, type NotificationDocument } from '../../../projections/notification/notifications';
import type { BlobStore } from '../../platform/blob-store/blob-store';
import type { Clock } from '../../platform/clock';
import { CoalescedTask } from '../../platform/coalesced-task';
import { toDomainEvent } from '../../platform/decider';
import type { DocumentStore } from '../../platform/document-store/document-store';
import { readLogBatch, type EventStore } from '../../platform/event-store/event-store';
import type { Logger } from '../../platform/logger';
import type { MetricFamily } from '../../platform/metrics';
import type { ProjectionRunner } from '../../platform/projections/projection-runner';
import { readYourWrites } from '../../platform/projections/read-your-writes';
import { PermanentChannelError, TemporaryChannelError, type ChannelAdapter } from '../channels/channel';
import type { NotificationHandler } from '../handlers/notification-handler';
import type { SendOutcome } from '../notification/commands';
import { StepNotApplicableError } from '../notification/decider';
import { NOTIFICATION_ACCEPTED, NOTIFICATION_EVENT_TYPES, type MessageSendStarted, type NotificationAccepted, type NotificationEvent } from '../notification/events';
import { subjectLimitOf } from '../notification/limits';
import { evolveNotification, initialNotificationState, notificationStatus, type MessageState, type NotificationState } from '../notification/state';
import { notificationIdOfStream, toNotificationStreamId } from '../notification/stream';
import { NOTIFICATION_STREAMS } from '../service';
import { retryDelayMs, type NotificationSettings } from '../settings';
import type { Channel, Priority } from '../vocabulary';
import { planNextStep, type SeenInFlight } from './dispatch-plan';
import { renderMessage } from './message-rendering';
import type { RecipientResolver } from './recipient-resolver';

export const DISPATCHER = 'notification-dispatcher';
const OPEN_STATUSES = ['Pending', 'Resolving', 'Sending', 'Cancelling'];
const MAX_STEPS = 1000;
const START_WAIT_MS = 10_000;
const PRIORITY_ORDER: Record<Priority, number> = { High: 0, Medium: 1, Low: 2 };

export type DispatcherDeps = {
  events: EventStore;
  documents: DocumentStore;
  projections: ProjectionRunner;
  clock: Clock;
  logger: Logger;
  settings: NotificationSettings;
  notifications: NotificationHandler;
  channels: Record<Channel, ChannelAdapter>;
  resolver: RecipientResolver;
  attachments: BlobStore;
};

/**
 * Drives every open notification to its end: resolve recipients, send each message, retry temporary
 * failures with backoff, finish cancellations. It follows the log (every notification event marks its
 * notification for a look) from the position where the read model of open notifications, checkpointed
 * by the projection runner, was taken at start. Every step is a command on the aggregate, so two
 * dispatchers (two bridges) cannot take the same step twice: the second one's append conflicts.
 *
 * No duplicate send across a restart: "send started" (with idempotency key messageId:attempt) is
 * durable before the channel is called, "sent" or "failed" after. A start without an outcome is an
 * attempt in doubt: HTTP gateways and the cabinet get the same attempt again with the same key (they
 * deduplicate by it); SMTP cannot deduplicate, so an e-mail in doubt is recorded as failed
 * (SendInterrupted) and never sent twice: at most once for e-mail, effectively once for the rest.
 */
export class NotificationDispatcher {
  private readonly dirty = new Set<string>();
  private readonly sending = new Set<string>();
  /**
   * Outcomes of sends this process made but could not record yet (the append failed). The message stays
   * among its sends, so it is not taken for one in doubt, and the outcome is recorded before anything
   * else is decided: an e-mail that left is not failed as SendInterrupted, a gateway not called again.
   */
  private readonly unrecorded = new Map<string, { attempt: number; outcome: SendOutcome }>();
  /** by messageId, when this process first saw its send in flight, for the send lease (planNextStep) */
  private readonly seenInFlight = new Map<string, SeenInFlight>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** High before Medium before Low when several notifications wait */
  private readonly priorities = new Map<string, Priority>();
  private position = 0;
  private running = false;
  private readonly passes = new CoalescedTask(
    () => this.run(),
    (error) => this.deps.logger.error({ err: error }, 'notification dispatch pass failed; retrying on the next event'),
  );
  private unsubscribe: (() => void) | null = null;
  /** sends this process made, by channel and outcome (sent, or the failure code), for the metrics */
  private readonly outcomes = new Map<string, { channel: Channel; outcome: string; count: number }>();

  constructor(private readonly deps: DispatcherDeps) {}

  /** The sends this process made, by channel and outcome: egov_notification_sends_total. */
  metrics(): MetricFamily[] {
    const samples = [...this.outcomes.values()].map(({ channel, outcome, count }) => ({ labels: { channel, outcome }, value: count }));
    return [{ name: 'egov_notification_sends_total', help: 'Messages this bridge tried to send, by channel and outcome (sent, or the failure code: SmtpUnavailable, Gateway503, ...)', type: 'counter', samples }];
  }

  async start(): Promise<void> {
    const head = await this.deps.events.headPosition();
    // the read model is current once the projections reached the head; if they do not (a projection of
    // any service keeps failing), every notification event of the log is looked at again instead
    const current = await readYourWrites(this.deps, START_WAIT_MS);
    const open = await this.deps.documents.collection<NotificationDocument>(NOTIFICATIONS).find({ Status: { $in: OPEN_STATUSES } });
    for (const document of open) this.mark(document._id, document.state.accepted?.priority);
    this.position = current ? head : 0;
    this.running = true;
    this.unsubscribe = this.deps.events.onAppended(() => this.wake());
    this.wake();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.unsubscribe?.();
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await this.passes.idle();
  }

  /** Resolves when nothing is left to do now (tests and benchmarks wait on it). */
  idle(): Promise<void> {
    return this.passes.idle();
  }

  private wake() {
    if (this.running) void this.passes.wake();
  }

  private async run() {
    await this.collectFromLog();
    while (this.running && this.dirty.size > 0) {
      const rank = (id: string) => PRIORITY_ORDER[this.priorities.get(id) ?? 'Medium'];
      const batch = [...this.dirty].sort((a, b) => rank(a) - rank(b));
      this.dirty.clear();
      let next = 0;
      const worker = async () => {
        while (next < batch.length && this.running) await this.advanceSafely(batch[next++]);
      };
      await Promise.all(Array.from({ length: Math.min(this.deps.settings.dispatchConcurrency, batch.length) }, worker));
      await this.collectFromLog();
    }
  }

  private async collectFromLog() {
    for (;;) {
      const { events, nextAfter } = await readLogBatch(this.deps.events, { after: this.position, limit: 1000, filter: { kinds: ['standard'], streamPrefix: NOTIFICATION_STREAMS, types: NOTIFICATION_EVENT_TYPES } });
      for (const stored of events) {
        const priority = stored.event.type === NOTIFICATION_ACCEPTED ? (stored.event.data as NotificationAccepted['data']).priority : undefined;
        this.mark(notificationIdOfStream(stored.streamId), priority);
      }
      this.position = nextAfter;
      if (events.length < 1000) return;
    }
  }

  private mark(notificationId: string, priority?: Priority) {
    this.dirty.add(notificationId);
    if (priority) this.priorities.set(notificationId, priority);
  }

  private async advanceSafely(notificationId: string) {
    try {
      await this.advance(notificationId);
    } catch (error) {
      this.deps.logger.error({ err: error, notificationId }, 'notification dispatch step failed; it is retried later');
      this.schedule(notificationId, new Date(this.deps.clock.now().getTime() + this.deps.settings.retryBaseMs).toISOString());
    }
  }

  private async advance(notificationId: string) {
    for (let step = 0; step < MAX_STEPS && this.running; step += 1) {
      const state = await this.load(notificationId);
      if (await this.recordKeptOutcomes(state)) continue;
      this.noteSendsInFlight(state);
      const next = planNextStep(state, this.deps.clock.now(), this.sending, this.deps.settings.sendLeaseMs, this.seenInFlight);
      try {
        switch (next.kind) {
          case 'idle':
            if (notificationStatus(state).status !== 'Sending') this.priorities.delete(notificationId);
            return;
          case 'wait':
            this.schedule(notificationId, next.until);
            return;
          case 'start-resolution':
            await this.command({ type: 'StartResolution', notificationId });
            break;
          case 'resolve':
            await this.command({ type: 'RecordResolution', notificationId, recipients: await this.deps.resolver.resolve(state.accepted!) });
            break;
          case 'send':
            await this.send(state, next.messageId);
            break;
          case 'recover':
            await this.recover(state, next.messageId);
            break;
          case 'complete-cancellation':
            await this.command({ type: 'CompleteCancellation', notificationId });
            break;
        }
      } catch (error) {
        if (!(error instanceof StepNotApplicableError)) throw error;
      }
    }
  }

  private async send(state: NotificationState, messageId: string) {
    this.sending.add(messageId);
    try {
      const result = await this.command({ type: 'StartSend', notificationId: state.accepted!.notificationId, messageId });
      const started = result.events[0] as MessageSendStarted;
      const message = state.messages.find((candidate) => candidate.messageId === messageId)!;
      await this.transmit(state, message, started.data.attempt, started.data.idempotencyKey);
    } finally {
      if (!this.unrecorded.has(messageId)) this.sending.delete(messageId);
    }
  }

  private async recover(state: NotificationState, messageId: string) {
    const message = state.messages.find((candidate) => candidate.messageId === messageId)!;
    const { attempt, idempotencyKey } = message.inFlight!;
    if (!this.deps.channels[message.channel].safeToRepeat) {
      await this.recordOutcome(state, message, attempt, {
        sent: false,
        temporary: false,
        failureCode: 'SendInterrupted',
        detail: 'the service stopped while the message was being sent; SMTP cannot say whether it left, so it is not sent again',
      });
      return;
    }
    this.sending.add(messageId);
    try {
      await this.transmit(state, message, attempt, idempotencyKey);
    } finally {
      if (!this.unrecorded.has(messageId)) this.sending.delete(messageId);
    }
  }

  private async transmit(state: NotificationState, message: MessageState, attempt: number, idempotencyKey: string) {
    let outcome: SendOutcome;
    try {
      const outgoing = await renderMessage(state, message, this.deps.clock.now(), this.deps.attachments);
      const limit = subjectLimitOf(message.channel);
      if ([...outgoing.subject].length > limit) {
        throw new PermanentChannelError('SubjectTooLong', `the subject with the recipient's values filled in is longer than ${limit} characters`);
      }
      const result = await this.deps.channels[message.channel].send(outgoing, idempotencyKey);
      outcome = { sent: true, ...result };
    } catch (error) {
      if (error instanceof TemporaryChannelError || error instanceof PermanentChannelError) {
        outcome = { sent: false, temporary: error instanceof TemporaryChannelError, failureCode: error.failureCode, detail: error.message };
      } else {
        this.deps.logger.error({ err: error, messageId: message.messageId }, 'channel adapter failed unexpectedly');
        outcome = { sent: false, temporary: true, failureCode: 'ChannelError', detail: 'the channel adapter failed unexpectedly' };
      }
    }
    this.noteOutcome(message, attempt, outcome);
    await this.keepAndRecord(state, message, attempt, outcome);
  }

  /** Counts the send, and logs a failure: its code and where it stands, never the address or the content. */
  private noteOutcome(message: MessageState, attempt: number, outcome: SendOutcome) {
    const name = outcome.sent ? 'sent' : outcome.failureCode;
    const key = `${message.channel}\n${name}`;
    const counted = this.outcomes.get(key) ?? { channel: message.channel, outcome: name, count: 0 };
    counted.count += 1;
    this.outcomes.set(key, counted);
    if (outcome.sent) return;
    const willRetry = outcome.temporary && attempt < this.deps.settings.maxAttempts;
    this.deps.logger.warn(
      { messageId: message.messageId, channel: message.channel, attempt, maxAttempts: this.deps.settings.maxAttempts, failureCode: outcome.failureCode, willRetry },
      willRetry ? 'notification message not sent; it is tried again' : 'notification message not sent; it has failed',
    );
  }

  /** Records a send's outcome, keeping it until the log has it (see `unrecorded`). */
  private async keepAndRecord(state: NotificationState, message: MessageState, attempt: number, outcome: SendOutcome) {
    this.unrecorded.set(message.messageId, { attempt, outcome });
    try {
      await this.recordOutcome(state, message, attempt, outcome);
    } catch (error) {
      // not applicable: the attempt was settled otherwise meanwhile; any other failure: kept, tried again
      if (!(error instanceof StepNotApplicableError)) throw error;
    }
    this.unrecorded.delete(message.messageId);
    this.sending.delete(message.messageId);
  }

  private noteSendsInFlight(state: NotificationState) {
    const now = this.deps.clock.now().toISOString();
    for (const { messageId, inFlight } of state.messages) {
      if (!inFlight) this.seenInFlight.delete(messageId);
      else if (this.seenInFlight.get(messageId)?.attempt !== inFlight.attempt) this.seenInFlight.set(messageId, { attempt: inFlight.attempt, at: now });
    }
  }

  /** Records the kept outcomes of this notification's messages; true when the log changed. */
  private async recordKeptOutcomes(state: NotificationState): Promise<boolean> {
    let recorded = false;
    for (const message of state.messages) {
      const kept = this.unrecorded.get(message.messageId);
      if (!kept) continue;
      if (message.inFlight?.attempt === kept.attempt) {
        await this.keepAndRecord(state, message, kept.attempt, kept.outcome);
        recorded = true;
      } else {
        this.unrecorded.delete(message.messageId);
        this.sending.delete(message.messageId);
      }
    }
    return recorded;
  }

  private recordOutcome(state: NotificationState, message: MessageState, attempt: number, outcome: SendOutcome) {
    const nextAttemptAt = new Date(this.deps.clock.now().getTime() + retryDelayMs(this.deps.settings, attempt)).toISOString();
    return this.command({
      type: 'RecordSendOutcome',
      notificationId: state.accepted!.notificationId,
      messageId: message.messageId,
      attempt,
      outcome,
      retry: { maxAttempts: this.deps.settings.maxAttempts, nextAttemptAt },
    });
  }

  private command<C extends { type: string; notificationId: string }>(command: C) {
    return this.deps.notifications.execute({ ...command, at: this.deps.clock.now().toISOString(), by: DISPATCHER } as never, DISPATCHER);
  }

  private async load(notificationId: string): Promise<NotificationState> {
    const history = await this.deps.events.readStream(toNotificationStreamId(notificationId));
    return history.map(toDomainEvent<NotificationEvent>).reduce(evolveNotification, initialNotificationState());
  }

  private schedule(notificationId: string, until: string) {
    clearTimeout(this.timers.get(notificationId));
    const delay = Math.max(0, Date.parse(until) - this.deps.clock.now().getTime());
    const timer = setTimeout(() => {
      this.timers.delete(notificationId);
      this.dirty.add(notificationId);
      this.wake();
    }, delay + 5);
    timer.unref();
    this.timers.set(notificationId, timer);
  }
}
