import { createHash } from 'node:crypto';
import type { StoredEvent } from '../../platform/event-store/event-store';
import { ProblemError } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import type { Notice, NoticeSource, NoticeText } from '../../platform/notices';
import { LogReactor } from '../../platform/processes/log-reactor';
import type { ServiceDeps } from '../../platform/service-module';
import type { NotificationHandler } from '../handlers/notification-handler';
import { NotificationAlreadyExistsError } from '../notification/decider';
import type { NotificationRequest } from '../notification/limits';
import type { ContentLanguage } from '../vocabulary';

/**
 * What the platform's services tell people (their notice sources), sent as notifications: one LogReactor
 * per source, following the source's events from its own checkpoint. The notification id is derived from
 * the notice's key: a second attempt for the same event, after a crash before the checkpoint was saved,
 * finds the notification already there and sends nothing. Once per notice, across restarts.
 */
export class NoticeProcesses {
  private readonly reactors: LogReactor[];

  constructor(sources: readonly NoticeSource[], deps: Pick<ServiceDeps, 'events' | 'documents' | 'logger'>, notifications: NotificationHandler) {
    this.reactors = sources.map((source) => new LogReactor(source.name, deps, source.follows, (event) => sendNotices(source, event, notifications, deps.logger)));
  }

  async start(): Promise<void> {
    for (const reactor of this.reactors) await reactor.start();
  }

  async stop(): Promise<void> {
    for (const reactor of this.reactors) await reactor.stop();
  }

  /** Resolves once the pass under way of every source (if any) has ended. */
  async idle(): Promise<void> {
    await Promise.all(this.reactors.map((reactor) => reactor.idle()));
  }
}

async function sendNotices(source: NoticeSource, stored: StoredEvent, notifications: NotificationHandler, logger: Logger): Promise<void> {
  for (const notice of source.noticesOf(stored, logger)) {
    try {
      await notifications.accept(notificationRequestOf(notice), { id: source.sender }, { notificationId: uuidFrom(notice.key), language: notice.language });
    } catch (error) {
      if (error instanceof NotificationAlreadyExistsError) continue;
      // a notice the contract allows but the limits refuse would fail the same way every time
      if (error instanceof ProblemError && error.status === 400) {
        logger.warn({ process: source.name, eventId: stored.event.id, detail: error.detail }, 'notice refused by the notification limits; not sent');
        continue;
      }
      throw error;
    }
  }
}

function notificationRequestOf(notice: Notice): NotificationRequest {
  return {
    Subject: contentOf(notice.subject),
    Body: contentOf(notice.body),
    BodyShort: contentOf(notice.bodyShort),
    // neither urgent nor deferrable, unless the source says so
    Priority: notice.priority ?? 'Medium',
    Recipients: notice.recipients.map((recipient) => ({ Value: recipient.value, Type: recipient.type })),
  };
}

function contentOf(text: NoticeText): ContentLanguage {
  return { Ro: text.ro, ...(text.ru !== undefined ? { Ru: text.ru } : {}), ...(text.en !== undefined ? { En: text.en } : {}) };
}

/** A UUID (version 8, name-based) from a key: the same notice always gives the same notification. */
export function uuidFrom(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
