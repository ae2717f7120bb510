import { expect } from 'chai';
import type { AcceptNotification, RecordSendOutcome } from '../../src/notification/notification/commands';
import { notificationDecider } from '../../src/notification/notification/decider';
import { CannotCancelError, NotificationAlreadyExistsError, NotificationNotFoundError, ReceiptTooEarlyError, StepNotApplicableError } from '../../src/notification/notification/decider';
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
} from '../../src/notification/notification/events';
import { evolveNotification, initialNotificationState, notificationStatus } from '../../src/notification/notification/state';
import type { Channel } from '../../src/notification/vocabulary';
import { deciderSpec } from '../support/decider-spec';

const spec = deciderSpec(notificationDecider);
const notificationId = 'n-1';
const at = '2025-01-01T10:00:00.000Z';
const base = { notificationId, at, by: 'notification-dispatcher' };
const accept: AcceptNotification = {
  type: 'AcceptNotification',
  notificationId,
  at,
  by: 'demo-institution',
  sender: 'demo-institution',
  priority: 'Medium',
  content: { Subject: { Ro: 'S' }, Body: { Ro: 'B' }, BodyShort: { Ro: 'b' } },
  recipients: [{ Value: 'a@b.md', Type: 'Email' }],
  attachments: [],
};
const { type: _type, ...acceptedData } = accept;
const accepted: NotificationEvent = { type: NOTIFICATION_ACCEPTED, data: acceptedData };
const resolving: NotificationEvent = { type: RESOLUTION_STARTED, data: base };
const recipientsFor = (...channels: Channel[]) => [
  { Value: 'x', Type: 'IDNP', IsLegal: false, messages: channels.map((channel, index) => ({ messageId: `m-${index}`, channel, address: 'addr', language: 'ro' as const })) },
];
const resolvedTo = (...channels: Channel[]): NotificationEvent => ({ type: RECIPIENTS_RESOLVED, data: { ...base, recipients: recipientsFor(...channels) } });
const started = (messageId: string, attempt = 1): NotificationEvent => ({ type: MESSAGE_SEND_STARTED, data: { ...base, messageId, attempt, idempotencyKey: messageId } });
const sent = (messageId: string, attempt = 1): NotificationEvent => ({ type: MESSAGE_SENT, data: { ...base, messageId, attempt } });
const outcome = (messageId: string, result: RecordSendOutcome['outcome'], attempt = 1, maxAttempts = 3): RecordSendOutcome => ({
  type: 'RecordSendOutcome',
  ...base,
  messageId,
  attempt,
  outcome: result,
  retry: { maxAttempts, nextAttemptAt: '2025-01-01T10:00:02.000Z' },
});
const statusAfter = (events: NotificationEvent[]) => notificationStatus(events.reduce(evolveNotification, initialNotificationState()));
const cancel = { type: 'RequestCancel' as const, notificationId, at, by: 'demo-institution', requester: 'demo-institution' };

describe('Notifications: the notification decider', () => {
  describe('accepting and resolving', () => {
    it('accepts once; a second accept under the same id is refused (the booking e-mails rely on it)', () => {
      spec.given([]).when(accept).then([accepted]);
      spec.given([accepted]).when(accept).thenThrows(NotificationAlreadyExistsError);
      expect(statusAfter([accepted])).to.deep.equal({ status: 'Pending' });
    });

    it('starts resolving from Pending only, and records the planned messages', () => {
      spec.given([accepted]).when({ type: 'StartResolution', ...base }).then([resolving]);
      spec.given([accepted, resolving]).when({ type: 'StartResolution', ...base }).thenThrows(StepNotApplicableError);
      spec.given([accepted, resolving]).when({ type: 'RecordResolution', ...base, recipients: recipientsFor('Email') }).then([resolvedTo('Email')]);
      expect(statusAfter([accepted, resolving])).to.deep.equal({ status: 'Resolving' });
      expect(statusAfter([accepted, resolving, resolvedTo('Email')])).to.deep.equal({ status: 'Sending' });
    });

    it('fails with NoRecipientContact when no message could be planned', () => {
      const recipients = [{ Value: 'x', Type: 'IDNP', IsLegal: false, messages: [], unresolved: 'unknown IDNP' }];
      spec.given([accepted, resolving]).when({ type: 'RecordResolution', ...base, recipients }).then([{ type: RESOLUTION_FAILED, data: { ...base, recipients, failureCode: 'NoRecipientContact' } }]);
    });

    it('refuses commands for a notification that does not exist', () => {
      spec.given([]).when({ type: 'StartResolution', ...base }).thenThrows(NotificationNotFoundError);
    });
  });

  describe('sending', () => {
    const dispatching = [accepted, resolving, resolvedTo('Email', 'SMS')];

    it('records a send as started with the idempotency key messageId:attempt, once', () => {
      spec.given(dispatching).when({ type: 'StartSend', ...base, messageId: 'm-0' }).then([started('m-0')]);
      spec.given([...dispatching, started('m-0')]).when({ type: 'StartSend', ...base, messageId: 'm-0' }).thenThrows(StepNotApplicableError);
    });

    it('records the outcome of the attempt in flight only', () => {
      spec.given([...dispatching, started('m-0')]).when(outcome('m-0', { sent: true, providerMessageId: 'p' })).then([{ type: MESSAGE_SENT, data: { ...base, messageId: 'm-0', attempt: 1, providerMessageId: 'p' } }]);
      spec.given([...dispatching, started('m-0'), sent('m-0')]).when(outcome('m-0', { sent: true })).then([]);
    });

    it('schedules a retry after a temporary failure until the last attempt, then fails for good', () => {
      const temporary = { sent: false as const, temporary: true, failureCode: 'Smtp451', detail: 'later' };
      spec
        .given([...dispatching, started('m-0')])
        .when(outcome('m-0', temporary))
        .then([{ type: MESSAGE_SEND_FAILED, data: { ...base, messageId: 'm-0', attempt: 1, temporary: true, failureCode: 'Smtp451', detail: 'later', retryAt: '2025-01-01T10:00:02.000Z' } }]);
      spec.given([...dispatching, started('m-0', 3)]).when(outcome('m-0', temporary, 3)).thenMatches(([event]) => {
        expect(event.type).to.equal(MESSAGE_SEND_FAILED);
        expect(event.data).not.to.have.property('retryAt');
        expect((event.data as { detail: string }).detail).to.contain('gave up after 3 attempts');
      });
    });

    it('derives the notification status from its messages: Sending, then the furthest reached, or Failed', () => {
      const failed: NotificationEvent = { type: MESSAGE_SEND_FAILED, data: { ...base, messageId: 'm-1', attempt: 1, temporary: false, failureCode: 'Gateway400', detail: 'x' } };
      expect(statusAfter([...dispatching, started('m-0'), sent('m-0')])).to.deep.equal({ status: 'Sending' });
      expect(statusAfter([...dispatching, started('m-0'), sent('m-0'), started('m-1'), failed])).to.deep.equal({ status: 'Sent' });
      const deliveredSms = [...dispatching, started('m-0'), sent('m-0'), started('m-1'), sent('m-1'), { type: MESSAGE_DELIVERED, data: { ...base, messageId: 'm-1' } } as NotificationEvent];
      expect(statusAfter(deliveredSms)).to.deep.equal({ status: 'Delivered' });
      const bothFailed = [...dispatching, started('m-0'), { ...failed, data: { ...failed.data, messageId: 'm-0' } } as NotificationEvent, started('m-1'), failed];
      expect(statusAfter(bothFailed)).to.deep.equal({ status: 'Failed', failureCode: 'Gateway400' });
    });
  });

  describe('receipts', () => {
    const sentSms = [accepted, resolving, resolvedTo('SMS'), started('m-0'), sent('m-0')];
    const receipt = (status: 'Delivered' | 'Read' | 'Failed') => ({ type: 'RecordReceipt' as const, ...base, messageId: 'm-0', status });

    it('moves a sent message to Delivered, then Read; repeats change nothing', () => {
      spec.given(sentSms).when(receipt('Delivered')).then([{ type: MESSAGE_DELIVERED, data: { ...base, messageId: 'm-0' } }]);
      const delivered = [...sentSms, { type: MESSAGE_DELIVERED, data: { ...base, messageId: 'm-0' } } as NotificationEvent];
      spec.given(delivered).when(receipt('Delivered')).then([]);
      spec.given(delivered).when(receipt('Read')).then([{ type: MESSAGE_READ, data: { ...base, messageId: 'm-0' } }]);
    });

    it('refuses a receipt while the send is in flight (ReceiptTooEarly): the gateway sends it again', () => {
      spec.given([accepted, resolving, resolvedTo('SMS'), started('m-0')]).when(receipt('Delivered')).thenThrows(ReceiptTooEarlyError);
    });

    it('records an undeliverable receipt as a permanent failure', () => {
      spec.given(sentSms).when(receipt('Failed')).thenMatches(([event]) => {
        expect(event.type).to.equal(MESSAGE_SEND_FAILED);
        expect(event.data).to.include({ temporary: false, failureCode: 'Undeliverable' });
      });
    });
  });

  describe('cancelling', () => {
    it('cancels a notification nothing of which was transmitted: Cancelling, then Cancelled', () => {
      spec.given([accepted]).when(cancel).then([{ type: CANCEL_REQUESTED, data: { notificationId, at, by: 'demo-institution' } }]);
      const cancelling = [accepted, resolving, resolvedTo('Email'), { type: CANCEL_REQUESTED, data: { notificationId, at, by: 'demo-institution' } } as NotificationEvent];
      expect(statusAfter(cancelling)).to.deep.equal({ status: 'Cancelling' });
      spec.given(cancelling).when({ type: 'CompleteCancellation', ...base }).then([
        { type: MESSAGE_CANCELLED, data: { ...base, messageId: 'm-0' } },
        { type: NOTIFICATION_CANCELLED, data: base },
      ]);
      spec.given(cancelling).when(cancel).then([]);
    });

    it('refuses with CannotCancel a message sent on a channel that cannot take it back, or already delivered or read', () => {
      spec.given([accepted, resolving, resolvedTo('Email'), started('m-0'), sent('m-0')]).when(cancel).thenThrows(CannotCancelError, /Email channel/);
      spec.given([accepted, resolving, resolvedTo('Email'), started('m-0')]).when(cancel).thenThrows(CannotCancelError, /Email channel/);
      const readCabinet = [accepted, resolving, resolvedTo('Cabinet'), started('m-0'), sent('m-0'), { type: MESSAGE_READ, data: { ...base, messageId: 'm-0' } } as NotificationEvent];
      spec.given(readCabinet).when(cancel).thenThrows(CannotCancelError, /already delivered/);
    });

    it('lets a sent cabinet message be withdrawn, and hides a notification from other senders', () => {
      spec.given([accepted, resolving, resolvedTo('Cabinet'), started('m-0'), sent('m-0')]).when(cancel).thenMatches(([event]) => expect(event.type).to.equal(CANCEL_REQUESTED));
      spec.given([accepted]).when({ ...cancel, requester: 'someone-else' }).thenThrows(NotificationNotFoundError);
    });

    it('ignores the reading of a cabinet message being taken back: the cancellation asked for first stands', () => {
      const withdrawing = [accepted, resolving, resolvedTo('Cabinet'), started('m-0'), sent('m-0'), { type: CANCEL_REQUESTED, data: { notificationId, at, by: 'x' } } as NotificationEvent];
      spec.given(withdrawing).when({ type: 'RecordReceipt', ...base, messageId: 'm-0', status: 'Read' }).then([]);
      spec.given(withdrawing).when({ type: 'CompleteCancellation', ...base }).then([
        { type: MESSAGE_CANCELLED, data: { ...base, messageId: 'm-0' } },
        { type: NOTIFICATION_CANCELLED, data: base },
      ]);
    });

    it('waits for a send in flight before completing, and refuses a new send once cancelling', () => {
      const cancellingInFlight = [accepted, resolving, resolvedTo('Cabinet'), started('m-0'), { type: CANCEL_REQUESTED, data: { notificationId, at, by: 'x' } } as NotificationEvent];
      spec.given(cancellingInFlight).when({ type: 'CompleteCancellation', ...base }).then([]);
      const cancellingQueued = [accepted, resolving, resolvedTo('Cabinet'), { type: CANCEL_REQUESTED, data: { notificationId, at, by: 'x' } } as NotificationEvent];
      spec.given(cancellingQueued).when({ type: 'StartSend', ...base, messageId: 'm-0' }).thenThrows(StepNotApplicableError);
    });
  });
});
