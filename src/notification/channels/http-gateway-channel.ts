import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { PermanentChannelError, TemporaryChannelError, type ChannelAdapter, type OutgoingMessage, type SendResult } from './channel';

export type GatewaySettings = { url: string; token?: string; timeoutMs: number; callbackUrl: string };

/**
 * SMS, Viber and web push through an HTTP gateway (one per channel, configured by URL):
 *   POST {url}/messages  Idempotency-Key: <messageId:attempt>
 *   { reference, channel, to, subject, text, priority, callbackUrl }  ->  2xx { id }
 * The gateway reports delivery and reading to callbackUrl (POST /api/v1/notification-receipts).
 * A gateway deduplicates by Idempotency-Key, so an attempt whose outcome is unknown is sent again
 * with the same key (safeToRepeat).
 */
export class HttpGatewayChannel implements ChannelAdapter {
  readonly safeToRepeat = true;

  constructor(private readonly settings: GatewaySettings) {}

  async send(message: OutgoingMessage, idempotencyKey: string): Promise<SendResult> {
    const body = JSON.stringify({
      reference: message.messageId,
      channel: message.channel,
      to: message.address,
      subject: message.subject,
      text: message.bodyShort,
      priority: message.priority,
      callbackUrl: this.settings.callbackUrl,
    });
    const response = await this.post(`${this.settings.url.replace(/\/$/, '')}/messages`, body, idempotencyKey);
    if (response.status >= 200 && response.status < 300) {
      const id = tryJson(response.text)?.id;
      return { providerMessageId: typeof id === 'string' || typeof id === 'number' ? String(id) : undefined };
    }
    const detail = `${message.channel} gateway answered ${response.status}: ${response.text.slice(0, 200)}`;
    if (response.status === 408 || response.status === 429 || response.status >= 500) throw new TemporaryChannelError(`Gateway${response.status}`, detail);
    throw new PermanentChannelError(`Gateway${response.status}`, detail);
  }

  private post(url: string, body: string, idempotencyKey: string): Promise<{ status: number; text: string }> {
    const target = new URL(url);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      'idempotency-key': idempotencyKey,
    };
    if (this.settings.token) headers.authorization = `Bearer ${this.settings.token}`;
    return new Promise((resolve, reject) => {
      const request = send(target, { method: 'POST', headers, timeout: this.settings.timeoutMs }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', (error) => reject(new TemporaryChannelError('GatewayUnavailable', `gateway response failed: ${error.message}`)));
      });
      request.on('timeout', () => request.destroy(new Error(`no answer within ${this.settings.timeoutMs} ms`)));
      request.on('error', (error) => reject(new TemporaryChannelError('GatewayUnavailable', `gateway unreachable: ${error.message}`)));
      request.end(body);
    });
  }
}

function tryJson(text: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
