/** Every stream of the notification service starts so: its read models and processes read these streams only. */
export const NOTIFICATION_STREAMS = 'notification-';
export const toNotificationStreamId = (notificationId: string) => `notification-${notificationId}`;
export const toTemplateStreamId = (templateId: string) => `notification-template-${templateId}`;
export const notificationIdOfStream = (streamId: string) => streamId.slice(NOTIFICATION_STREAMS.length);
