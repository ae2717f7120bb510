import { NOTIFICATION_STREAMS } from '../service';

/** One stream per notification. */
export const toNotificationStreamId = (notificationId: string) => `notification-${notificationId}`;
export const notificationIdOfStream = (streamId: string) => streamId.slice(NOTIFICATION_STREAMS.length);
