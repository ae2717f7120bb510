import type { Projection } from '../../src/platform/projections/projection';
import { toDomainEvent } from '../../src/platform/decider';
import { NOTIFICATION_STREAMS } from '../../src/notification/service';
import { MESSAGE_CANCELLED, MESSAGE_READ, MESSAGE_SENT, type NotificationEvent } from '../../src/notification/notification/events';

export const CABINET_INBOX = 'notification_cabinet_inbox';

/** A citizen's portal inbox: the cabinet messages sent to an IDNP; a withdrawn one disappears. */
export type CabinetMessageDocument = {
  _id: string;
  idnp: string;
  notificationId: string;
  subject: string;
  body: string;
  sentAt: string;
  readAt?: string;
  withdrawn: boolean;
};

export const cabinetInboxProjection: Projection = {
  name: 'notification-cabinet-inbox',
  // 2: built from the service's own streams only (a test event or dead report of its types was applied as its own)
  version: 2,
  streamPrefix: NOTIFICATION_STREAMS,
  eventTypes: [MESSAGE_SENT, MESSAGE_READ, MESSAGE_CANCELLED],
  collections: [CABINET_INBOX],
  indexes: [{ collection: CABINET_INBOX, keys: { idnp: 1, sentAt: 1 } }],
  async apply(stored, session) {
    const event = toDomainEvent<NotificationEvent>(stored);
    const inbox = session.collection<CabinetMessageDocument>(CABINET_INBOX);
    if (event.type === MESSAGE_SENT && event.data.inbox) {
      const { idnp, subject, body } = event.data.inbox;
      const document = { _id: event.data.messageId, idnp, notificationId: event.data.notificationId, subject, body, sentAt: event.data.at, withdrawn: false };
      await inbox.replaceOne({ _id: document._id }, document, { upsert: true });
    } else if (event.type === MESSAGE_READ) {
      await inbox.updateOne({ _id: event.data.messageId }, { $set: { readAt: event.data.at } });
    } else if (event.type === MESSAGE_CANCELLED) {
      await inbox.updateOne({ _id: event.data.messageId }, { $set: { withdrawn: true } });
    }
  },
};
