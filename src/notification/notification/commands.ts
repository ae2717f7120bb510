import type { NotificationAccepted, ResolvedRecipient } from './events';

type Base = { notificationId: string; at: string; by: string };

export type AcceptNotification = Base & { type: 'AcceptNotification' } & Omit<NotificationAccepted['data'], 'notificationId' | 'at' | 'by'>;
export type StartResolution = Base & { type: 'StartResolution' };
export type RecordResolution = Base & { type: 'RecordResolution'; recipients: ResolvedRecipient[] };
export type StartSend = Base & { type: 'StartSend'; messageId: string };
export type SendOutcome =
  | { sent: true; providerMessageId?: string; inbox?: { idnp: string; subject: string; body: string } }
  | { sent: false; temporary: boolean; failureCode: string; detail: string };
export type RecordSendOutcome = Base & {
  type: 'RecordSendOutcome';
  messageId: string;
  attempt: number;
  outcome: SendOutcome;
  /** retry policy, chosen by the dispatcher's configuration */
  retry: { maxAttempts: number; nextAttemptAt: string };
};
export type RecordReceipt = Base & { type: 'RecordReceipt'; messageId: string; status: 'Delivered' | 'Read' | 'Failed'; failureCode?: string };
export type RequestCancel = Base & { type: 'RequestCancel'; requester: string };
export type CompleteCancellation = Base & { type: 'CompleteCancellation' };

export type NotificationCommand =
  | AcceptNotification
  | StartResolution
  | RecordResolution
  | StartSend
  | RecordSendOutcome
  | RecordReceipt
  | RequestCancel
  | CompleteCancellation;
