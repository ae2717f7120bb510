import { Router } from 'express';
import { notificationProjections } from '../../projections/notification';
import { notificationAggregates } from './aggregates';
import type { ServiceDeps, ServiceModule } from '../platform/service-module';
import { CabinetChannel } from './channels/cabinet-channel';
import { DevelopmentOutbox } from './channels/development-outbox';
import type { ChannelAdapter } from './channels/channel';
import { EmailChannel } from './channels/email-channel';
import { HttpGatewayChannel } from './channels/http-gateway-channel';
import { NotificationHandler } from './handlers/notification-handler';
import { TemplateHandler } from './handlers/template-handler';
import { toProblem } from './problems';
import { NotificationDispatcher } from './processes/dispatcher';
import { NoticeProcesses } from './processes/notices';
import { RecipientResolver } from './processes/recipient-resolver';
import { EMPTY_REGISTRIES, embeddedRegistries } from './registries/embedded-registries';
import { cabinetRoutes } from './routes/cabinet-routes';
import { developmentOutboxRoutes } from './routes/development-outbox-routes';
import { notificationRoutes } from './routes/notification-routes';
import { receiptRoutes } from './routes/receipt-routes';
import { templateRoutes } from './routes/template-routes';
import { NOTIFICATION_SERVICE } from './service';
import { notificationSettings, type NotificationSettings } from './settings';
import type { Channel } from './vocabulary';

export type RunningNotificationService = {
  settings: NotificationSettings;
  notifications: NotificationHandler;
  dispatcher?: NotificationDispatcher;
  /** what the services mounted on the platform tell people (ServiceDeps.noticeSources) */
  notices: NoticeProcesses;
  channels: Record<Channel, ChannelAdapter>;
  /** where the channels without a configured server send, on a development machine */
  outbox?: DevelopmentOutbox;
};

/**
 * The notification service: notifications and templates (seed paths under /api), the dispatcher that
 * resolves recipients and sends over e-mail, SMS, Viber, web push and the cabinet, the notices of the
 * platform's services (their NoticeSources), delivery receipts and the cabinet inbox. Rights (registry "rights.notification"): rights.ts.
 */
export function createNotificationModule(): ServiceModule & { running(): RunningNotificationService | undefined } {
  let running: RunningNotificationService | undefined;
  return {
    name: NOTIFICATION_SERVICE,
    pathPrefixes: [
      '/api/Notification',
      '/api/Notifications',
      '/api/Template',
      '/api/v1/cabinet-message-searches',
      '/api/v1/cabinet-messages',
      '/api/v1/notification-receipts',
      '/api/v1/development-outbox',
    ],
    projections: notificationProjections,
    aggregates: notificationAggregates,
    problems: toProblem,
    running: () => running,
    async start(deps: ServiceDeps) {
      const settings = notificationSettings();
      const notifications = new NotificationHandler(deps.events, deps.blobs, deps.clock);
      const outbox = outboxWanted(settings, deps) ? new DevelopmentOutbox() : undefined;
      await outbox?.start();
      if (outbox) deps.logger.info({ smtpPort: outbox.smtpPort }, 'notification: development outbox on; what is sent without a configured server is listed at GET /api/v1/development-outbox/messages');
      const channels = channelsFor(settings, deps, outbox);
      const { contacts, identities } = registriesFor(settings, deps);
      const dispatcher = settings.dispatcherEnabled
        ? new NotificationDispatcher({ ...deps, settings, notifications, channels, resolver: new RecipientResolver(contacts, identities), attachments: deps.blobs })
        : undefined;
      const notices = new NoticeProcesses(deps.noticeSources, deps, notifications);
      running = { settings, notifications, dispatcher, notices, channels, outbox };
      await dispatcher?.start();
      await notices.start();
    },
    async stop() {
      if (!running) return;
      await running.notices.stop();
      await running.dispatcher?.stop();
      for (const channel of Object.values(running.channels)) await channel.close?.();
      await running.outbox?.stop();
      running = undefined;
    },
    routes(deps: ServiceDeps) {
      // the platform starts every service before it asks for routes
      if (!running) throw new Error('the notification service must be started before its routes are mounted');
      const { notifications, settings, outbox } = running;
      const router = Router().use(
        notificationRoutes(deps, notifications, settings),
        templateRoutes(deps, new TemplateHandler(deps.events, deps.clock)),
        cabinetRoutes(deps, notifications),
        receiptRoutes(deps, notifications),
      );
      return outbox ? router.use(developmentOutboxRoutes(outbox)) : router;
    },
    metrics: () => running?.dispatcher?.metrics() ?? [],
  };
}

/**
 * E-mail over SMTP; SMS, Viber and web push through their HTTP gateways, which report back to the receipts
 * route; the cabinet inbox. With the development outbox, the channels whose server the environment does
 * not name send to it instead of to a server that is not there.
 */
function channelsFor(settings: NotificationSettings, deps: ServiceDeps, outbox?: DevelopmentOutbox): Record<Channel, ChannelAdapter> {
  const callbackUrl = `${deps.config.publicUrl}/api/v1/notification-receipts`;
  const gateway = (url: string, configured: boolean) =>
    new HttpGatewayChannel({ url: outbox && !configured ? outbox.gatewayUrl : url, token: settings.gateways.token, timeoutMs: settings.gateways.timeoutMs, callbackUrl });
  const smtp = outbox && !settings.configured.smtp ? { ...settings.smtp, host: '127.0.0.1', port: outbox.smtpPort, secure: false, user: undefined } : settings.smtp;
  return {
    Email: new EmailChannel(smtp),
    SMS: gateway(settings.gateways.sms, settings.configured.sms),
    Viber: gateway(settings.gateways.viber, settings.configured.viber),
    'Web push': gateway(settings.gateways.webPush, settings.configured.webPush),
    Cabinet: new CabinetChannel(),
  };
}

/** Whether some channel sends to the development outbox: see NotificationSettings.outbox. */
function outboxWanted(settings: NotificationSettings, deps: ServiceDeps): boolean {
  const unconfigured = Object.values(settings.configured).some((configured) => !configured);
  if (settings.outbox === 'off' || !unconfigured) return false;
  return settings.outbox === 'on' || (!deps.config.mongodbUrl && !deps.config.eventStoreUrl);
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
  return (services.find((service) => service.name === NOTIFICATION_SERVICE) as NotificationModule | undefined)?.running();
}
