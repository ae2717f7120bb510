export const toNotificationStreamId = (notificationId: string) => `notification-${notificationId}`;
export const toTemplateStreamId = (templateId: string) => `notification-template-${templateId}`;
export const notificationIdOfStream = (streamId: string) => streamId.slice('notification-'.length);
