import type { Decider } from '../../platform/decider';
import type { NotificationCommand, RecordReceipt, RecordSendOutcome, RequestCancel } from './commands';
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
  type NotificationEvent,
} from './events';
import { evolveNotification, initialNotificationState, notificationStatus, type MessageState, type NotificationState } from './state';

export class NotificationNotFoundError extends Error {
  constructor(readonly notificationId: string) {
    super(`notification ${notificationId} was not found`);
    this.name = 'NotificationNotFoundError';
  }
}

export class NotificationAlreadyExistsError extends Error {
  constructor(readonly notificationId: string) {
    super(`notification ${notificationId} already exists`);
    this.name = 'NotificationAlreadyExistsError';
  }
}

export class CannotCancelError extends Error {
  constructor(readonly reason: string) {
    super(`the notification cannot be cancelled: ${reason}`);
    this.name = 'CannotCancelError';
  }
}

export class MessageNotFoundError extends Error {
  constructor(readonly messageId: string) {
    super(`message ${messageId} was not found`);
    this.name = 'MessageNotFoundError';
  }
}

/** A gateway's receipt came before the platform had recorded that the send went out: the gateway sends it again. */
export class ReceiptTooEarlyError extends Error {
  constructor(readonly messageId: string) {
    super(`message ${messageId} is still being sent; send the receipt again in a few seconds`);
    this.name = 'ReceiptTooEarlyError';
  }
}

/** The dispatcher asked for something the notification no longer needs (another step got there first). */
export class StepNotApplicableError extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = 'StepNotApplicableError';
  }
}

/** Channels that can take back a message already transmitted: a portal inbox can, a sent e-mail or SMS cannot. */
export const WITHDRAWABLE_CHANNELS = new Set(['Cabinet']);

export const notificationDecider: Decider<NotificationCommand, NotificationEvent, NotificationState> = {
  initialState: initialNotificationState,
  evolve: evolveNotification,
  decide: (command, state) => {
    const at = { notificationId: command.notificationId, at: command.at, by: command.by };
    if (command.type === 'AcceptNotification') {
      if (state.exists) throw new NotificationAlreadyExistsError(command.notificationId);
      const { type: _type, notificationId: _id, at: _at, by: _by, ...accepted } = command;
      return [{ type: NOTIFICATION_ACCEPTED, data: { ...at, ...accepted } }];
    }
    if (!state.exists) throw new NotificationNotFoundError(command.notificationId);
    switch (command.type) {
      case 'StartResolution':
        if (state.phase !== 'Pending') throw new StepNotApplicableError(`resolution cannot start in phase ${state.phase}`);
        return [{ type: RESOLUTION_STARTED, data: at }];
      case 'RecordResolution': {
        if (state.phase !== 'Resolving') throw new StepNotApplicableError(`recipients cannot be recorded in phase ${state.phase}`);
        const planned = command.recipients.some((recipient) => recipient.messages.length > 0);
        return planned
          ? [{ type: RECIPIENTS_RESOLVED, data: { ...at, recipients: command.recipients } }]
          : [{ type: RESOLUTION_FAILED, data: { ...at, recipients: command.recipients, failureCode: 'NoRecipientContact' } }];
      }
      case 'StartSend': {
        const message = messageOf(state, command.messageId);
        const due = message.status === 'Pending' || (message.status === 'Sending' && !message.inFlight && message.retryAt !== undefined && message.retryAt <= command.at);
        if (state.phase !== 'Dispatching' || !due) throw new StepNotApplicableError(`message ${message.messageId} is not due for sending`);
        // one key for every attempt: a retry after a timeout may repeat a send the gateway did take
        return [{ type: MESSAGE_SEND_STARTED, data: { ...at, messageId: message.messageId, attempt: message.attempts + 1, idempotencyKey: message.messageId } }];
      }
      case 'RecordSendOutcome':
        return decideOutcome(command, state);
      case 'RecordReceipt':
        return decideReceipt(command, state);
      case 'RequestCancel':
        return decideCancel(command, state);
      case 'CompleteCancellation': {
        if (state.phase !== 'Cancelling' || state.messages.some((message) => message.inFlight)) return [];
        const open = state.messages.filter((message) => ['Pending', 'Sending', 'Sent'].includes(message.status));
        return [
          ...open.map((message) => ({ type: MESSAGE_CANCELLED, data: { ...at, messageId: message.messageId } }) as const),
          { type: NOTIFICATION_CANCELLED, data: at },
        ];
      }
      default: {
        const unexpected: never = command;
        return unexpected;
      }
    }
  },
};

function messageOf(state: NotificationState, messageId: string): MessageState {
  const message = state.messages.find((candidate) => candidate.messageId === messageId);
  if (!message) throw new MessageNotFoundError(messageId);
  return message;
}

function decideOutcome(command: RecordSendOutcome, state: NotificationState): NotificationEvent[] {
  const message = messageOf(state, command.messageId);
  if (message.inFlight?.attempt !== command.attempt) return [];
  const at = { notificationId: command.notificationId, at: command.at, by: command.by, messageId: message.messageId, attempt: command.attempt };
  const { outcome } = command;
  if (outcome.sent) {
    return [{ type: MESSAGE_SENT, data: { ...at, providerMessageId: outcome.providerMessageId, ...(outcome.inbox ? { inbox: outcome.inbox } : {}) } }];
  }
  const retry = outcome.temporary && command.attempt < command.retry.maxAttempts && state.phase === 'Dispatching';
  const detail = outcome.temporary && !retry ? `${outcome.detail} (gave up after ${command.attempt} attempts)` : outcome.detail;
  return [
    {
      type: MESSAGE_SEND_FAILED,
      data: { ...at, temporary: outcome.temporary, failureCode: outcome.failureCode, detail, ...(retry ? { retryAt: command.retry.nextAttemptAt } : {}) },
    },
  ];
}

function decideReceipt(command: RecordReceipt, state: NotificationState): NotificationEvent[] {
  const message = messageOf(state, command.messageId);
  // a message being taken back is not read any more: the cancellation asked for before the reading stands
  if (state.phase === 'Cancelling' && WITHDRAWABLE_CHANNELS.has(message.channel)) return [];
  // a gateway may call back before the answer to its send is recorded; dropped, the receipt would be lost
  if (message.inFlight) throw new ReceiptTooEarlyError(message.messageId);
  const at = { notificationId: command.notificationId, at: command.at, by: command.by, messageId: message.messageId };
  const reached = ['Sent', 'Delivered'].includes(message.status);
  if (command.status === 'Delivered') return message.status === 'Sent' ? [{ type: MESSAGE_DELIVERED, data: at }] : [];
  if (command.status === 'Read') return reached ? [{ type: MESSAGE_READ, data: at }] : [];
  if (!reached) return [];
  const failureCode = command.failureCode ?? 'Undeliverable';
  return [{ type: MESSAGE_SEND_FAILED, data: { ...at, attempt: message.attempts, temporary: false, failureCode, detail: `the gateway reported the message undeliverable (${failureCode})` } }];
}

function decideCancel(command: RequestCancel, state: NotificationState): NotificationEvent[] {
  if (state.accepted?.sender !== command.requester) throw new NotificationNotFoundError(command.notificationId);
  if (state.phase === 'Cancelling' || state.phase === 'Cancelled') return [];
  if (notificationStatus(state).status === 'Failed') throw new CannotCancelError('it has failed; nothing is left to cancel');
  const reached = state.messages.find((message) => message.status === 'Delivered' || message.status === 'Read');
  if (reached) throw new CannotCancelError(`the ${reached.channel} message was already delivered`);
  const transmitted = state.messages.find((message) => (message.status === 'Sent' || message.inFlight) && !WITHDRAWABLE_CHANNELS.has(message.channel));
  if (transmitted) throw new CannotCancelError(`the ${transmitted.channel} channel cannot take back a message already transmitted`);
  return [{ type: CANCEL_REQUESTED, data: { notificationId: command.notificationId, at: command.at, by: command.by } }];
}
