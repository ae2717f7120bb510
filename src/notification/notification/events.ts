import type { DomainEvent } from '../../platform/decider';
import type { AttachmentRef, Channel, Content, Language, Priority, RecipientIdentifier, ResolutionPolicy } from '../vocabulary';

const type = <T extends string>(name: T) => `md.gov.notification.${name}.v1` as const;

export const NOTIFICATION_ACCEPTED = type('notification.accepted');
export const RESOLUTION_STARTED = type('notification.resolution-started');
export const RECIPIENTS_RESOLVED = type('notification.recipients-resolved');
export const RESOLUTION_FAILED = type('notification.resolution-failed');
export const MESSAGE_SEND_STARTED = type('message.send-started');
export const MESSAGE_SENT = type('message.sent');
export const MESSAGE_SEND_FAILED = type('message.send-failed');
export const MESSAGE_DELIVERED = type('message.delivered');
export const MESSAGE_READ = type('message.read');
export const MESSAGE_CANCELLED = type('message.cancelled');
export const CANCEL_REQUESTED = type('notification.cancel-requested');
export const NOTIFICATION_CANCELLED = type('notification.cancelled');

export type PlannedMessage = { messageId: string; channel: Channel; address: string; language: Language };
/** Value/Type as RecipientMessagesDto shows them: the person or company, or the contact given directly. */
export type ResolvedRecipient = {
  Value: string;
  Type: string;
  IsLegal: boolean;
  firstName?: string;
  lastName?: string;
  messages: PlannedMessage[];
  /** why no message could be planned for this recipient */
  unresolved?: string;
};

type At = { notificationId: string; at: string; by: string };

export type NotificationAccepted = DomainEvent<
  typeof NOTIFICATION_ACCEPTED,
  At & {
    sender: string;
    senderIdno?: string;
    userId?: string;
    priority: Priority;
    /**
     * As written: template.variables and the built-ins are filled per message when it is sent. Events
     * written before that hold the variables already filled; filling them again is harmless.
     */
    content: Content;
    template?: { id: string; name: string; variables: Record<string, string> };
    recipients: RecipientIdentifier[];
    resolutionPolicy?: ResolutionPolicy;
    attachments: AttachmentRef[];
    /** language for recipients whose own is unknown (a notice's: the booking e-mails give the citizen's) */
    language?: Language;
  }
>;
export type ResolutionStarted = DomainEvent<typeof RESOLUTION_STARTED, At>;
export type RecipientsResolved = DomainEvent<typeof RECIPIENTS_RESOLVED, At & { recipients: ResolvedRecipient[] }>;
export type ResolutionFailed = DomainEvent<typeof RESOLUTION_FAILED, At & { recipients: ResolvedRecipient[]; failureCode: string }>;
export type MessageSendStarted = DomainEvent<typeof MESSAGE_SEND_STARTED, At & { messageId: string; attempt: number; idempotencyKey: string }>;
export type MessageSent = DomainEvent<
  typeof MESSAGE_SENT,
  At & { messageId: string; attempt: number; providerMessageId?: string; inbox?: { idnp: string; subject: string; body: string } }
>;
export type MessageSendFailed = DomainEvent<
  typeof MESSAGE_SEND_FAILED,
  At & { messageId: string; attempt: number; temporary: boolean; failureCode: string; detail: string; retryAt?: string }
>;
export type MessageDelivered = DomainEvent<typeof MESSAGE_DELIVERED, At & { messageId: string }>;
export type MessageRead = DomainEvent<typeof MESSAGE_READ, At & { messageId: string }>;
export type MessageCancelled = DomainEvent<typeof MESSAGE_CANCELLED, At & { messageId: string }>;
export type CancelRequested = DomainEvent<typeof CANCEL_REQUESTED, At>;
export type NotificationCancelled = DomainEvent<typeof NOTIFICATION_CANCELLED, At>;

export type NotificationEvent =
  | NotificationAccepted
  | ResolutionStarted
  | RecipientsResolved
  | ResolutionFailed
  | MessageSendStarted
  | MessageSent
  | MessageSendFailed
  | MessageDelivered
  | MessageRead
  | MessageCancelled
  | CancelRequested
  | NotificationCancelled;

export const NOTIFICATION_EVENT_TYPES = [
  NOTIFICATION_ACCEPTED,
  RESOLUTION_STARTED,
  RECIPIENTS_RESOLVED,
  RESOLUTION_FAILED,
  MESSAGE_SEND_STARTED,
  MESSAGE_SENT,
  MESSAGE_SEND_FAILED,
  MESSAGE_DELIVERED,
  MESSAGE_READ,
  MESSAGE_CANCELLED,
  CANCEL_REQUESTED,
  NOTIFICATION_CANCELLED,
];
