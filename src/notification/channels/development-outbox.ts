import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message the platform sent while it ran with the development outbox. */
export type OutboxMessage = {
  id: string;
  channel: 'Email' | 'SMS' | 'Viber' | 'Web push';
  to: string[];
  subject: string;
  /** the e-mail's HTML, or the gateway message's text */
  body: string;
  text?: string;
  attachments: string[];
  receivedAt: string;
};

/** Messages kept (the newest); older ones are dropped. */
const KEPT = 500;
const MAX_MESSAGE_BYTES = 40 * 1024 * 1024;

/**
 * Where the platform's e-mails and gateway messages go on a development machine that has no mail server
 * and no SMS gateway: an SMTP server and an HTTP gateway in this process, on loopback, that keep what
 * they receive in memory for GET /api/v1/development-outbox/messages. Without it a new user's first
 * e-mail failed after some 45 s of retries against a mail server that is not there. It is what the
 * notification service sends through, not a stand-in for it: the real SMTP and gateway adapters send.
 */
export class DevelopmentOutbox {
  private readonly kept: OutboxMessage[] = [];
  private smtp: SMTPServer | null = null;
  private gateway: Server | null = null;
  smtpPort = 0;
  gatewayUrl = '';

  async start(): Promise<void> {
    this.smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      size: MAX_MESSAGE_BYTES,
      onData: (stream, session, callback) => {
        simpleParser(stream)
          .then((mail) => {
            const html = typeof mail.html === 'string' ? mail.html : undefined;
            this.keep({
              channel: 'Email',
              to: session.envelope.rcptTo.map((recipient) => recipient.address),
              subject: mail.subject ?? '',
              body: html ?? mail.text ?? '',
              text: mail.text,
              attachments: mail.attachments.map((attachment) => attachment.filename ?? 'attachment'),
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
    await new Promise<void>((resolve) => this.smtp!.listen(0, '127.0.0.1', resolve));
    this.smtpPort = (this.smtp.server.address() as AddressInfo).port;
    this.gateway = createServer((request, response) => {
      void this.takeGatewayMessage(request).then((status) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(status === 202 ? JSON.stringify({ id: randomUUID() }) : '{}');
      });
    });
    await new Promise<void>((resolve) => this.gateway!.listen(0, '127.0.0.1', resolve));
    this.gatewayUrl = `http://127.0.0.1:${(this.gateway.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.smtp ? this.smtp.close(() => resolve()) : resolve()));
    await new Promise<void>((resolve) => (this.gateway ? this.gateway.close(() => resolve()) : resolve()));
    this.gateway?.closeAllConnections();
  }

  /** The kept messages, newest first, from `offset`. */
  messages(offset: number, limit: number): { items: OutboxMessage[]; more: boolean } {
    const newestFirst = [...this.kept].reverse();
    return { items: newestFirst.slice(offset, offset + limit), more: offset + limit < newestFirst.length };
  }

  /** A gateway message as HttpGatewayChannel posts it ({ channel, to, subject, text }): 202, or 400. */
  private async takeGatewayMessage(request: IncomingMessage): Promise<number> {
    if (request.method !== 'POST' || !request.url?.endsWith('/messages')) return 404;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of request) {
      size += (chunk as Buffer).length;
      if (size > MAX_MESSAGE_BYTES) return 413;
      chunks.push(chunk as Buffer);
    }
    let message: { channel?: unknown; to?: unknown; subject?: unknown; text?: unknown };
    try {
      message = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return 400;
    }
    const channel = message.channel === 'SMS' || message.channel === 'Viber' || message.channel === 'Web push' ? message.channel : null;
    if (!channel || typeof message.to !== 'string') return 400;
    this.keep({ channel, to: [message.to], subject: String(message.subject ?? ''), body: String(message.text ?? ''), attachments: [] });
    return 202;
  }

  private keep(message: Omit<OutboxMessage, 'id' | 'receivedAt'>) {
    this.kept.push({ id: randomUUID(), ...message, receivedAt: new Date().toISOString() });
    if (this.kept.length > KEPT) this.kept.splice(0, this.kept.length - KEPT);
  }
}
