import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import type { ClientDefinition } from '../../src/platform/identity/client-registry';
import type { HttpsClient } from '../support/https-client';
import { TestPlatform } from '../support/test-platform';
import { readMail, type ReadMail } from './mime-reader';

/** A real SMTP server in this process; `refuse` decides a reply per recipient (e.g. 451 to test retries). */
export class TestSmtpServer {
  readonly mails: (ReadMail & { raw: string; to: string[] })[] = [];
  refuse: (address: string) => { code: number; message: string } | undefined = () => undefined;
  /** takes the message but never answers the end of DATA (the reply is lost) */
  hangAfterData: (address: string) => boolean = () => false;
  private server!: SMTPServer;
  private stopping: Promise<void> | undefined;
  port = 0;

  static async start(): Promise<TestSmtpServer> {
    const smtp = new TestSmtpServer();
    smtp.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      closeTimeout: 100,
      size: 40 * 1024 * 1024,
      onRcptTo: (address: SMTPServerAddress, _session, callback) => {
        const refusal = smtp.refuse(address.address);
        if (!refusal) return callback();
        callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
          smtp.mails.push({ ...readMail(raw), raw, to });
          if (!to.some((address) => smtp.hangAfterData(address))) callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.server.listen(0, '127.0.0.1', resolve));
    smtp.port = (smtp.server.server.address() as AddressInfo).port;
    return smtp;
  }

  mailsTo(address: string) {
    return this.mails.filter((mail) => mail.to.includes(address));
  }

  /** Safe to call again (a test may stop the server early to make it unreachable). */
  stop(): Promise<void> {
    this.stopping ??= new Promise((resolve) => this.server.close(() => resolve()));
    return this.stopping;
  }
}

/** Sets environment variables for a platform start and gives back a function that restores them. */
export function withEnv(variables: Record<string, string>): () => void {
  const previous = Object.fromEntries(Object.keys(variables).map((name) => [name, process.env[name]]));
  Object.assign(process.env, variables);
  return () => {
    for (const [name, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
}

/** Waits for a background process to reach a state (no timing assertion: it polls until it holds). */
export async function eventually<T>(probe: () => Promise<T>, accept: (value: NoInfer<T>) => boolean, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}; last seen: ${JSON.stringify(value).slice(0, 2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export function notificationRequest(overrides: Record<string, unknown> = {}) {
  return {
    Subject: { Ro: 'Aviz de plată', Ru: 'Уведомление', En: 'Payment notice' },
    Body: { Ro: '<p>Aveți o plată restantă.</p>', En: '<p>You have a payment due.</p>' },
    BodyShort: { Ro: 'Aveți o plată restantă.', En: 'You have a payment due.' },
    Priority: 'Medium',
    Recipients: [{ Value: 'citizen@example.md', Type: 'Email' }],
    ...overrides,
  };
}

export async function postNotification(client: HttpsClient, body: unknown): Promise<string> {
  const response = await client.post('/api/Notification', { body: body as object });
  expect(response.status, response.text).to.equal(200);
  const id = response.json();
  expect(id).to.match(/^[0-9a-f-]{36}$/);
  return id;
}

export async function notificationOf(client: HttpsClient, id: string) {
  const response = await client.get(`/api/Notification/${id}`);
  expect(response.status, response.text).to.equal(200);
  return response.json();
}

export function statusIs(...statuses: string[]) {
  return (notification: { Status: string }) => statuses.includes(notification.Status);
}

/**
 * The platform wired to a real in-process SMTP server, as every e-mail test starts: the SMTP settings
 * are in the environment before the platform starts, and stop() undoes all three in reverse order.
 */
export type MailPlatform = { platform: TestPlatform; smtp: TestSmtpServer; institution: HttpsClient; stop(): Promise<void> };

export async function startMailPlatform(options: { env?: Record<string, string>; extraClients?: ClientDefinition[] } = {}): Promise<MailPlatform> {
  const smtp = await TestSmtpServer.start();
  const restoreEnv = withEnv({ NOTIFY_SMTP_HOST: '127.0.0.1', NOTIFY_SMTP_PORT: String(smtp.port), ...options.env });
  const platform = await TestPlatform.start({ extraClients: options.extraClients });
  return {
    platform,
    smtp,
    institution: platform.client('demo-institution'),
    async stop() {
      await platform.stop();
      await smtp.stop();
      restoreEnv();
    },
  };
}
