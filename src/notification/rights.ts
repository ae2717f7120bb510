/** Rights of the notification service in the client registry ("rights": { "notification": [...] }). */
export const NotificationRights = {
  /** the seed's notification operations */
  notifications: 'notifications',
  templates: 'templates',
  /** the portal: a citizen's cabinet inbox */
  cabinet: 'cabinet',
  /** the SMS, Viber and web-push gateways: delivery receipts */
  receipts: 'receipts',
  /** what the development outbox received (a development machine only) */
  developmentOutbox: 'development-outbox',
} as const;
