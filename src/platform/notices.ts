import type { StoredEvent } from './event-store/event-store';
import type { Logger } from './logger';
import type { ReactorFollows } from './processes/log-reactor';

/**
 * Telling people what happened, through the log: a service says, for its own events, which messages they
 * warrant (its NoticeSource, in its module), and the notification service follows those events and sends
 * them (one LogReactor per source). The service that knows the domain writes the words; the one that knows
 * the channels resolves the recipients (an IDNP reaches the person's cabinet and the contacts the
 * registries hold) and sends. Neither calls the other, and neither restates the other's event types.
 */
export type NoticeText = { ro: string; ru?: string; en?: string };

export type Notice = {
  /**
   * Unique per notice and the same every time the event is read again: the notification's id is derived
   * from it, so a notice handled twice (a crash before the checkpoint) is sent once.
   */
  key: string;
  recipients: { type: 'IDNP' | 'IDNO' | 'Email'; value: string }[];
  subject: NoticeText;
  /** HTML (the e-mail's HTML part, the cabinet inbox): whatever people typed is escaped in it */
  body: NoticeText;
  /** for instant-message channels (SMS, Viber) */
  bodyShort: NoticeText;
  /** the recipient's language when the service knows it; else the registries', else Romanian */
  language?: 'ro' | 'ru' | 'en';
  priority?: 'Low' | 'Medium' | 'High';
};

export type NoticeSource = {
  /** the process's name (its checkpoint): unique on the platform, kept across versions */
  name: string;
  /** who the notifications say sent them (CreatedBy): the service's name */
  sender: string;
  follows: ReactorFollows;
  /** the notices an event of the service warrants (none: []); pure but for warnings worth a log line */
  noticesOf(event: StoredEvent, logger: Logger): Notice[];
};

/** Text as HTML character data or attribute value, for a notice's body: the five characters that could end either are escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
