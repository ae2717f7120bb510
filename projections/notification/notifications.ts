import type { Projection } from '../../src/platform/projections/projection';
import { toDomainEvent } from '../../src/platform/decider';
import { NOTIFICATION_EVENT_TYPES, RECIPIENTS_RESOLVED, type NotificationEvent } from '../../src/notification/notification/events';
import { evolveNotification, initialNotificationState, notificationStatus, type NotificationState } from '../../src/notification/notification/state';
import { notificationIdOfStream } from '../../src/notification/notification/stream';
import { NOTIFICATION_STREAMS } from '../../src/notification/service';
import type { NotificationStatus } from '../../src/notification/vocabulary';

export const NOTIFICATIONS = 'notification_notifications';
export const NOTIFICATION_MESSAGES = 'notification_messages';

/** The aggregate's state, evolved by the aggregate's own function, plus the fields lists sort and filter on. */
export type NotificationDocument = {
  _id: string;
  sender: string;
  state: NotificationState;
  ID: string;
  Status: NotificationStatus;
  FailureCode?: string;
  CreatedAt: string;
  LastUpdatedAt: string;
  CreatedBy: string;
  LastUpdatedBy: string;
};

export type MessageDocument = { _id: string; notificationId: string; channel: string };

export const notificationsProjection: Projection = {
  name: 'notification-notifications',
  // 2: built from the service's own streams only (a test event or dead report of its types was applied as its own)
  version: 2,
  streamPrefix: NOTIFICATION_STREAMS,
  eventTypes: NOTIFICATION_EVENT_TYPES,
  collections: [NOTIFICATIONS, NOTIFICATION_MESSAGES],
  indexes: [
    { collection: NOTIFICATIONS, keys: { sender: 1, CreatedAt: 1 } },
    { collection: NOTIFICATIONS, keys: { Status: 1 } },
  ],
  async apply(stored, session) {
    const event = toDomainEvent<NotificationEvent>(stored);
    const id = notificationIdOfStream(stored.streamId);
    const notifications = session.collection<NotificationDocument>(NOTIFICATIONS);
    const previous = (await notifications.findOne({ _id: id }))?.state ?? initialNotificationState();
    const state = withoutBodies(evolveNotification(previous, event));
    const { status, failureCode } = notificationStatus(state);
    await notifications.replaceOne(
      { _id: id },
      {
        _id: id,
        sender: state.accepted!.sender,
        state,
        ID: id,
        Status: status,
        ...(failureCode ? { FailureCode: failureCode } : {}),
        CreatedAt: state.accepted!.at,
        LastUpdatedAt: state.lastUpdatedAt!,
        CreatedBy: state.accepted!.by,
        LastUpdatedBy: state.lastUpdatedBy!,
      },
      { upsert: true },
    );
    if (event.type === RECIPIENTS_RESOLVED) {
      const messages = session.collection<MessageDocument>(NOTIFICATION_MESSAGES);
      for (const message of event.data.recipients.flatMap((recipient) => recipient.messages)) {
        await messages.replaceOne({ _id: message.messageId }, { _id: message.messageId, notificationId: id, channel: message.channel }, { upsert: true });
      }
    }
  },
};

/** Bodies may be megabytes; the read model keeps the subject, which is all the views show. */
function withoutBodies(state: NotificationState): NotificationState {
  if (!state.accepted) return state;
  const { content } = state.accepted;
  return { ...state, accepted: { ...state.accepted, content: { Subject: content.Subject, Body: { Ro: '' }, BodyShort: { Ro: '' } } } };
}
