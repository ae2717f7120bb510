import {
  CANCEL_REQUESTED,
  MESSAGE_CANCELLED,
  MESSAGE_DELIVERED,
  MESSAGE_READ,
  MESSAGE_SEND_FAILED,
  MESSAGE_SEND_STARTED,
  MESSAGE_SENT,
  NOTIFICATION_ACCEPTED,
  NOTIFICATION_CANCELLED,
  RECIPIENTS_RESOLVED,
  RESOLUTION_FAILED,
  RESOLUTION_STARTED,
  type NotificationAccepted,
  type NotificationEvent,
  type PlannedMessage,
  type ResolvedRecipient,
} from './events';
import type { NotificationStatus } from '../vocabulary';

export type MessageStatus = Extract<NotificationStatus, 'Pending' | 'Sending' | 'Sent' | 'Delivered' | 'Read' | 'Failed' | 'Cancelled'>;

export type MessageState = PlannedMessage & {
  recipient: number;
  status: MessageStatus;
  attempts: number;
  /** a send recorded as started whose outcome is not recorded yet */
  inFlight?: { attempt: number; idempotencyKey: string; startedAt: string };
  retryAt?: string;
  failureCode?: string;
  providerMessageId?: string;
  createdAt: string;
  lastUpdatedAt: string;
  lastUpdatedBy: string;
};

export type Phase = 'Pending' | 'Resolving' | 'Dispatching' | 'Cancelling' | 'Cancelled' | 'Failed';

/** Plain JSON, so the read model can keep it and evolve it with the same function. */
export type NotificationState = {
  exists: boolean;
  accepted?: NotificationAccepted['data'];
  phase: Phase;
  failureCode?: string;
  recipients: Omit<ResolvedRecipient, 'messages'>[];
  messages: MessageState[];
  lastUpdatedAt?: string;
  lastUpdatedBy?: string;
};

export const initialNotificationState = (): NotificationState => ({ exists: false, phase: 'Pending', recipients: [], messages: [] });

export function evolveNotification(state: NotificationState, event: NotificationEvent): NotificationState {
  const touched = { ...state, lastUpdatedAt: event.data.at, lastUpdatedBy: event.data.by };
  const message = (messageId: string, change: Partial<MessageState>) => ({
    ...touched,
    messages: state.messages.map((candidate) =>
      candidate.messageId === messageId ? { ...candidate, ...change, lastUpdatedAt: event.data.at, lastUpdatedBy: event.data.by } : candidate,
    ),
  });
  switch (event.type) {
    case NOTIFICATION_ACCEPTED:
      return { ...touched, exists: true, accepted: event.data, phase: 'Pending' };
    case RESOLUTION_STARTED:
      return { ...touched, phase: 'Resolving' };
    case RECIPIENTS_RESOLVED:
    case RESOLUTION_FAILED:
      return {
        ...touched,
        phase: event.type === RESOLUTION_FAILED ? 'Failed' : 'Dispatching',
        failureCode: event.type === RESOLUTION_FAILED ? event.data.failureCode : undefined,
        recipients: event.data.recipients.map(({ messages: _messages, ...recipient }) => recipient),
        messages: event.data.recipients.flatMap((recipient, index) =>
          recipient.messages.map((planned) => ({
            ...planned,
            recipient: index,
            status: 'Pending' as const,
            attempts: 0,
            createdAt: event.data.at,
            lastUpdatedAt: event.data.at,
            lastUpdatedBy: event.data.by,
          })),
        ),
      };
    case MESSAGE_SEND_STARTED:
      return message(event.data.messageId, {
        status: 'Sending',
        attempts: event.data.attempt,
        inFlight: { attempt: event.data.attempt, idempotencyKey: event.data.idempotencyKey, startedAt: event.data.at },
        retryAt: undefined,
      });
    case MESSAGE_SENT:
      return message(event.data.messageId, { status: 'Sent', inFlight: undefined, providerMessageId: event.data.providerMessageId });
    case MESSAGE_SEND_FAILED:
      return message(event.data.messageId, {
        status: event.data.retryAt ? 'Sending' : 'Failed',
        inFlight: undefined,
        retryAt: event.data.retryAt,
        failureCode: event.data.failureCode,
      });
    case MESSAGE_DELIVERED:
      return message(event.data.messageId, { status: 'Delivered' });
    case MESSAGE_READ:
      return message(event.data.messageId, { status: 'Read' });
    case MESSAGE_CANCELLED:
      return message(event.data.messageId, { status: 'Cancelled', retryAt: undefined });
    case CANCEL_REQUESTED:
      return { ...touched, phase: 'Cancelling' };
    case NOTIFICATION_CANCELLED:
      return { ...touched, phase: 'Cancelled' };
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}

const SUCCESS_ORDER: MessageStatus[] = ['Sent', 'Delivered', 'Read'];

/**
 * The notification's status from its messages: Sending while any is queued or being sent; then the
 * furthest any message got (a citizen reached on one channel is reached), or Failed when none got out.
 */
export function notificationStatus(state: NotificationState): { status: NotificationStatus; failureCode?: string } {
  if (state.phase === 'Failed') return { status: 'Failed', failureCode: state.failureCode };
  if (state.phase !== 'Dispatching') return { status: state.phase };
  if (state.messages.some((message) => message.status === 'Pending' || message.status === 'Sending')) return { status: 'Sending' };
  const furthest = Math.max(-1, ...state.messages.map((message) => SUCCESS_ORDER.indexOf(message.status)));
  if (furthest >= 0) return { status: SUCCESS_ORDER[furthest] };
  return { status: 'Failed', failureCode: state.messages.find((message) => message.failureCode)?.failureCode ?? 'AllMessagesFailed' };
}
