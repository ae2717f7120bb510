import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import { PermanentChannelError, TemporaryChannelError, type ChannelAdapter, type OutgoingMessage, type SendResult } from './channel';

export type SmtpSettings = {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  password?: string;
  from: string;
  rejectUnauthorized: boolean;
  timeoutMs: number;
  /** pooled connections kept open to the server */
  maxConnections: number;
};

const NOT_CONNECTED = new Set(['ECONNREFUSED', 'EDNS', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH']);
const CONNECT_FAILURES = new Set(['Connection timeout', 'Greeting never received']);
const SOCKET_NOT_CONNECTED = /ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|ENETUNREACH|EAI_AGAIN/;

/**
 * E-mail over SMTP with nodemailer. SMTP has no idempotency: a message whose outcome is unknown is
 * not sent again (safeToRepeat false); its Message-ID carries the idempotency key, so a receiving
 * system that does deduplicate by Message-ID can.
 */
export class EmailChannel implements ChannelAdapter {
  readonly safeToRepeat = false;
  private readonly transport: Transporter<SMTPPool.SentMessageInfo>;

  constructor(private readonly settings: SmtpSettings) {
    this.transport = nodemailer.createTransport({
      pool: true,
      maxConnections: settings.maxConnections,
      host: settings.host,
      port: settings.port,
      secure: settings.secure,
      auth: settings.user ? { user: settings.user, pass: settings.password ?? '' } : undefined,
      tls: { rejectUnauthorized: settings.rejectUnauthorized },
      connectionTimeout: settings.timeoutMs,
      greetingTimeout: settings.timeoutMs,
      socketTimeout: settings.timeoutMs,
    });
  }

  async send(message: OutgoingMessage, idempotencyKey: string): Promise<SendResult> {
    try {
      const info = await this.transport.sendMail({
        from: this.settings.from,
        to: message.address,
        subject: message.subject,
        html: message.body,
        text: message.bodyShort,
        messageId: `<${idempotencyKey.replace(/[^A-Za-z0-9.-]/g, '.')}@notification.egov.md>`,
        priority: message.priority === 'High' ? 'high' : message.priority === 'Low' ? 'low' : 'normal',
        headers: { 'X-Notification-Id': message.notificationId, 'X-Message-Id': message.messageId },
        attachments: message.attachments.map((attachment) => ({ filename: attachment.FileName, content: attachment.content })),
      });
      if (info.rejected.length > 0) throw new PermanentChannelError('RecipientRejected', `the SMTP server rejected ${info.rejected.join(', ')}`);
      return { providerMessageId: info.messageId };
    } catch (error) {
      throw classify(error);
    }
  }

  async close() {
    this.transport.close();
  }
}

/**
 * Refusals with an SMTP reply are clear (4xx temporary, 5xx permanent), and so is failing to connect.
 * A connection lost or timed out inside the session is not: the server may have taken the message
 * before its reply was lost. Such an e-mail is not sent again (SmtpOutcomeUnknown): never twice.
 */
function classify(error: unknown): Error {
  if (error instanceof PermanentChannelError || error instanceof TemporaryChannelError) return error;
  const { responseCode, code, command, message } = error as { responseCode?: number; code?: string; command?: string; message?: string };
  const detail = `SMTP: ${message ?? String(error)}`;
  if (typeof responseCode === 'number') {
    return responseCode >= 500 ? new PermanentChannelError(`Smtp${responseCode}`, detail) : new TemporaryChannelError(`Smtp${responseCode}`, detail);
  }
  const neverConnected =
    (code !== undefined && NOT_CONNECTED.has(code)) ||
    (command === 'CONN' && (CONNECT_FAILURES.has(message ?? '') || (code === 'ESOCKET' && SOCKET_NOT_CONNECTED.test(message ?? ''))));
  if (neverConnected) return new TemporaryChannelError('SmtpUnavailable', detail);
  return new PermanentChannelError('SmtpOutcomeUnknown', `${detail}; the server may have taken the message, so it is not sent again`);
}
