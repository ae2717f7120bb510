/** What the log knows the notification service by: its name (registry rights), its events' source, its streams' prefix. */
export const NOTIFICATION_SERVICE = 'notification';
export const NOTIFICATION_SOURCE = 'urn:md:gov:notification';
/** Every stream of the notification service starts so: its read models and processes read these streams only. */
export const NOTIFICATION_STREAMS = 'notification-';
