import { booleanSetting, choiceSetting, durationSetting, integerSetting } from '../config';
import type { SmtpSettings } from './channels/email-channel';

/**
 * The notification service's configuration, from environment variables read when the service starts
 * (defaults in docs/notification.md).
 */
export type NotificationSettings = {
  smtp: SmtpSettings;
  gateways: { sms: string; viber: string; webPush: string; token?: string; timeoutMs: number };
  /** attempts per message before a temporary failure becomes final */
  maxAttempts: number;
  /** backoff: retryBaseMs * 2^(attempt-1), at most retryMaxMs */
  retryBaseMs: number;
  retryMaxMs: number;
  /** a send started this long ago without a recorded outcome is taken as interrupted */
  sendLeaseMs: number;
  dispatcherEnabled: boolean;
  dispatchConcurrency: number;
  maxRequestBytes: number;
  /** most body bytes of POST /api/Notification requests held at once (as they arrive, until answered); past it, 503 */
  maxPendingBytes: number;
  registryFile?: string;
  /**
   * the development outbox (channels/development-outbox.ts): auto = on the embedded profile for the
   * channels whose server is not configured (no NOTIFY_SMTP_HOST, no gateway URL); on = for those
   * channels whatever the profile; off = never
   */
  outbox: 'auto' | 'on' | 'off';
  /** which channels' servers the environment names */
  configured: { smtp: boolean; sms: boolean; viber: boolean; webPush: boolean };
};

export function notificationSettings(env: NodeJS.ProcessEnv = process.env): NotificationSettings {
  return {
    smtp: {
      host: env.NOTIFY_SMTP_HOST ?? 'localhost',
      port: integerSetting(env, 'NOTIFY_SMTP_PORT', 25, 1, 65_535),
      secure: booleanSetting(env, 'NOTIFY_SMTP_SECURE', false),
      user: env.NOTIFY_SMTP_USER || undefined,
      password: env.NOTIFY_SMTP_PASSWORD || undefined,
      from: env.NOTIFY_MAIL_FROM ?? 'Notificări e-Guvernare <no-reply@notificari.gov.md>',
      rejectUnauthorized: booleanSetting(env, 'NOTIFY_SMTP_TLS_REJECT_UNAUTHORIZED', true),
      timeoutMs: durationSetting(env, 'NOTIFY_SMTP_TIMEOUT_MS', 15_000, 1),
      maxConnections: integerSetting(env, 'NOTIFY_SMTP_MAX_CONNECTIONS', 5, 1),
    },
    gateways: {
      sms: env.NOTIFY_SMS_GATEWAY_URL ?? 'http://localhost:9081/sms',
      viber: env.NOTIFY_VIBER_GATEWAY_URL ?? 'http://localhost:9081/viber',
      webPush: env.NOTIFY_WEBPUSH_GATEWAY_URL ?? 'http://localhost:9081/web-push',
      token: env.NOTIFY_GATEWAY_TOKEN || undefined,
      timeoutMs: durationSetting(env, 'NOTIFY_GATEWAY_TIMEOUT_MS', 10_000, 1),
    },
    maxAttempts: integerSetting(env, 'NOTIFY_MAX_ATTEMPTS', 5, 1),
    retryBaseMs: durationSetting(env, 'NOTIFY_RETRY_BASE_MS', 2_000),
    retryMaxMs: durationSetting(env, 'NOTIFY_RETRY_MAX_MS', 300_000),
    sendLeaseMs: durationSetting(env, 'NOTIFY_SEND_LEASE_MS', 30_000),
    dispatcherEnabled: choiceSetting(env, 'NOTIFY_DISPATCHER', ['on', 'off'], 'on') === 'on',
    dispatchConcurrency: integerSetting(env, 'NOTIFY_DISPATCH_CONCURRENCY', 32, 1),
    maxRequestBytes: integerSetting(env, 'NOTIFY_MAX_REQUEST_BYTES', 32 * 1024 * 1024, 1),
    maxPendingBytes: integerSetting(env, 'NOTIFY_MAX_PENDING_BYTES', 96 * 1024 * 1024, 1),
    registryFile: env.NOTIFY_REGISTRY_FILE || undefined,
    outbox: choiceSetting(env, 'NOTIFY_DEV_OUTBOX', ['auto', 'on', 'off'], 'auto'),
    configured: {
      smtp: Boolean(env.NOTIFY_SMTP_HOST),
      sms: Boolean(env.NOTIFY_SMS_GATEWAY_URL),
      viber: Boolean(env.NOTIFY_VIBER_GATEWAY_URL),
      webPush: Boolean(env.NOTIFY_WEBPUSH_GATEWAY_URL),
    },
  };
}

export function retryDelayMs(settings: NotificationSettings, attempt: number): number {
  return Math.min(settings.retryMaxMs, settings.retryBaseMs * 2 ** Math.max(0, attempt - 1));
}
