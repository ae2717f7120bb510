import { apiClientOver, type ApiClient } from './api-client.js';
import { LongPollConsumer } from './consumer/long-poll-consumer.js';
import type { ConsumerOptions } from './consumer/consumer-options.js';
import type { EventHandler } from './consumer/hand-off.js';
import { WebSocketConsumer } from './consumer/websocket-consumer.js';
import { HttpClient } from './http-client.js';
import { Outbox, type OutboxOptions } from './outbox/outbox.js';
import { Producer } from './producer.js';
import { loadTlsFiles, type TlsCredentials, type TlsFiles } from './tls.js';
import { streamHistory, type HistoryEntry } from './audit.js';

export type ConnectionSettings = { url: string } & ({ tls: TlsCredentials } | TlsFiles);

/**
 * A client system's connection to the platform: its base URL and its certificate. Everything else
 * (producing, an outbox, consumers, the audit trail, the typed API client) is reached from here and shares its connection pool.
 */
export class EgovClient {
  readonly http: HttpClient;
  readonly producer: Producer;
  /** The typed client of the platform's HTTP APIs, generated from its OpenAPI document, over this connection. */
  readonly api: ApiClient;

  constructor(settings: ConnectionSettings) {
    const tls = 'tls' in settings ? settings.tls : loadTlsFiles(settings);
    this.http = new HttpClient(settings.url, tls);
    this.producer = new Producer(this.http);
    this.api = apiClientOver(this.http);
  }

  produce(...args: Parameters<Producer['produce']>) {
    return this.producer.produce(...args);
  }

  produceBatch(...args: Parameters<Producer['produceBatch']>) {
    return this.producer.produceBatch(...args);
  }

  /** An outbox in the given SQLite file, sending through this connection; call start() to send. */
  outbox(file: string, options?: OutboxOptions): Outbox {
    return new Outbox(file, this.producer, options);
  }

  consumeOverWebSocket(handler: EventHandler, options?: ConsumerOptions): WebSocketConsumer {
    return new WebSocketConsumer(this.http, handler, options);
  }

  consumeByLongPolling(handler: EventHandler, options?: ConsumerOptions): LongPollConsumer {
    return new LongPollConsumer(this.http, handler, options);
  }

  /** What the registry says about this client, and the limits in force (`GET /ce/tools/my-settings`). */
  mySettings(): Promise<MySettings> {
    return this.http.getJson<MySettings>('/ce/tools/my-settings');
  }

  /** One aggregate's stream with who caused each event, page by page (needs the `audit: read` right). */
  streamHistory(streamId: string, pageSize?: number): AsyncGenerator<HistoryEntry> {
    return streamHistory(this.http, streamId, pageSize);
  }

  close(): Promise<void> {
    return this.http.close();
  }
}

export type MySettings = {
  client: string;
  name: string | null;
  produce: { sources?: string[]; types?: string[] } | null;
  consume: { types?: string[] } | null;
  bridge: string;
  limits: Record<string, unknown>;
};
