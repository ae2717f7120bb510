import type { DocumentStore, Filter } from '../../platform/document-store/document-store';
import { NOTIFICATION_MESSAGES, NOTIFICATIONS, type MessageDocument, type NotificationDocument } from '../../../projections/notification/notifications';
import { listOptions, type ListQuery } from './list-query';

const ORDERABLE = { Id: 'ID', ID: 'ID', Status: 'Status', CreatedAt: 'CreatedAt', LastUpdatedAt: 'LastUpdatedAt', CreatedBy: 'CreatedBy', LastUpdatedBy: 'LastUpdatedBy' };

/** A sender's notifications; SearchBy is a notification id (seed: no other filter works). */
export function listNotifications(documents: DocumentStore, sender: string, query: ListQuery): Promise<NotificationDocument[]> {
  const filter: Filter = query.SearchBy ? { sender, ID: query.SearchBy.toLowerCase() } : { sender };
  return documents.collection<NotificationDocument>(NOTIFICATIONS).find(filter, listOptions(query, ORDERABLE));
}

export function getNotification(documents: DocumentStore, sender: string, id: string): Promise<NotificationDocument | null> {
  return documents.collection<NotificationDocument>(NOTIFICATIONS).findOne({ _id: id.toLowerCase(), sender });
}

/** A message by its id (the reference a gateway was given), with its notification and channel. */
export function getMessage(documents: DocumentStore, messageId: string): Promise<MessageDocument | null> {
  return documents.collection<MessageDocument>(NOTIFICATION_MESSAGES).findOne({ _id: messageId });
}
