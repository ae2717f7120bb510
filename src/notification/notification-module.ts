import { Router } from 'express';
import type { ServiceDeps, ServiceModule } from '../platform/service-module';
import { cabinetInboxProjection } from '../../projections/notification/cabinet-inbox-projection';
import { notificationsProjection } from '../../projections/notification/notifications-projection';
import { templatesProjection } from '../../projections/notification/templates-projection';
import { cabinetRoutes, receiptRoutes } from './cabinet-routes';
import { CabinetChannel } from './channels/cabinet-channel';
import type { ChannelAdapter } from './channels/channel';
import { EmailChannel } from './channels/email-channel';
import { HttpGatewayChannel } from './channels/http-gateway-channel';
import { notificationRoutes } from './notification-routes';
import { NotificationService } from './notification-service';
import { notificationSettings, type NotificationSettings } from './notification-settings';
import type { Channel } from './notification-vocabulary';
import { APPOINTMENT_CANCELED, APPOINTMENT_REQUESTED, BOOKING_STREAMS, bookingEmailHandler } from './processes/booking-email-process';
import { LogReactor } from '../platform/processes/log-reactor';
import { NotificationDispatcher } from './processes/notification-dispatcher';
import { RecipientResolver } from './recipient-resolver';
import { EMPTY_REGISTRIES, embeddedRegistries } from './registries/embedded-registries';
import { templateRoutes } from './template-routes';
import { notificationAggregates } from './aggregates';

export type RunningNotificationService = {
  settings: NotificationSettings;
  service: NotificationService;
  dispatcher?: NotificationDispatcher;
  bookingEmails: LogReactor;
  channels: Record<Channel, ChannelAdapter>;
};

/**
 * The notification service: notifications and templates (seed paths under /api), the dispatcher that
 * resolves recipients and sends over e-mail, SMS, Viber, web push and the cabinet, the booking e-mail
 * process, delivery receipts and the cabinet inbox. Rights (registry "rights.notification"):
 * notifications, templates, cabinet, receipts.
 */
export function createNotificationModule() {
  let running: RunningNotificationService | undefined;
  const module: ServiceModule & { running(): RunningNotificationService | undefined } = {
    name: 'notification',
    pathPrefixes: ['/api/Notification', '/api/Notifications', '/api/Template', '/api/v1/cabinet-message-searches', '/api/v1/cabinet-messages', '/api/v1/notification-receipts'],
    projections: [notificationsProjection, templatesProjection, cabinetInboxProjection],
    aggregates: notificationAggregates,
    running: () => running,
    async start(deps: ServiceDeps) {
      const settings = notificationSettings();
      const service = new NotificationService(deps.events, deps.blobs, deps.clock);
      const callbackUrl = `${deps.config.publicUrl}/api/v1/notification-receipts`;
      const gateway = (url: string) => new HttpGatewayChannel({ url, token: settings.gateways.token, timeoutMs: settings.gateways.timeoutMs, callbackUrl });
      const channels: Record<Channel, ChannelAdapter> = {
        Email: new EmailChannel(settings.smtp),
        SMS: gateway(settings.gateways.sms),
        Viber: gateway(settings.gateways.viber),
        'Web push': gateway(settings.gateways.webPush),
        Cabinet: new CabinetChannel(),
      };
      const { contacts, identities } = registriesFor(settings, deps);
      const dispatcher = settings.dispatcherEnabled
        ? new NotificationDispatcher({ ...deps, settings, service, channels, resolver: new RecipientResolver(contacts, identities), attachments: deps.blobs })
        : undefined;
      const bookingEmails = new LogReactor('notification-booking-emails', deps, { streamPrefix: BOOKING_STREAMS, types: [APPOINTMENT_REQUESTED, APPOINTMENT_CANCELED] }, bookingEmailHandler(service, deps.logger));
      running = { settings, service, dispatcher, bookingEmails, channels };
      await dispatcher?.start();
      await bookingEmails.start();
    },
    async stop() {
      if (!running) return;
      await running.bookingEmails.stop();
      await running.dispatcher?.stop();
      for (const channel of Object.values(running.channels)) await channel.close?.();
      running = undefined;
    },
    routes(deps: ServiceDeps) {
      // the platform starts every service before it asks for routes
      if (!running) throw new Error('the notification service must be started before its routes are mounted');
      const router = Router();
      router.use(notificationRoutes(deps, running.service, running.settings));
      router.use(templateRoutes(deps));
      router.use(cabinetRoutes(deps, running.service));
      router.use(receiptRoutes(deps, running.service));
      return router;
    },
  };
  return module;
}

/**
 * The demo registries belong to the embedded profile; with production stores and no registry file the
 * registries are empty (no adapter to the state registries exists yet) and only direct contacts work.
 */
function registriesFor(settings: NotificationSettings, deps: ServiceDeps) {
  if (settings.registryFile) return embeddedRegistries(settings.registryFile);
  if (!deps.config.mongodbUrl && !deps.config.eventStoreUrl) return embeddedRegistries();
  deps.logger.warn('notification: no NOTIFY_REGISTRY_FILE with production stores; IDNP and IDNO recipients cannot be resolved');
  return embeddedRegistries(EMPTY_REGISTRIES);
}

export type NotificationModule = ReturnType<typeof createNotificationModule>;

/** The notification service as started on a platform (for tests and benchmarks that wait for its processes). */
export function runningNotificationService(services: readonly ServiceModule[]): RunningNotificationService | undefined {
  return (services.find((service) => service.name === 'notification') as NotificationModule | undefined)?.running();
}
