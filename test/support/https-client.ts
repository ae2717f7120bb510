import type { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { Agent, request as httpsRequest } from 'node:https';
import WebSocket from 'ws';
import { noteResponse } from './response-log';

export type Credentials = { ca: Buffer; cert?: Buffer; key?: Buffer };
export type HttpResponse = { status: number; headers: Record<string, string | string[] | undefined>; text: string; body: Buffer; json<T = any>(): T };
export type RequestOptions = { headers?: Record<string, string>; body?: string | Buffer | object; query?: Record<string, string | number | boolean>; signal?: AbortSignal };

/** A real HTTPS client presenting a client certificate (or none), keep-alive like a real producer. */
export class HttpsClient {
  private readonly agent: Agent;

  constructor(
    readonly baseUrl: string,
    readonly credentials: Credentials,
  ) {
    this.agent = new Agent({ keepAlive: true, maxSockets: 16, ...credentials });
  }

  static fromFiles(baseUrl: string, caFile: string, certFile?: string, keyFile?: string): HttpsClient {
    return new HttpsClient(baseUrl, {
      ca: readFileSync(caFile),
      cert: certFile ? readFileSync(certFile) : undefined,
      key: keyFile ? readFileSync(keyFile) : undefined,
    });
  }

  get(path: string, options: RequestOptions = {}) {
    return this.request('GET', path, options);
  }
  post(path: string, options: RequestOptions = {}) {
    return this.request('POST', path, options);
  }
  put(path: string, options: RequestOptions = {}) {
    return this.request('PUT', path, options);
  }
  patch(path: string, options: RequestOptions = {}) {
    return this.request('PATCH', path, options);
  }
  delete(path: string, options: RequestOptions = {}) {
    return this.request('DELETE', path, options);
  }

  request(method: string, path: string, options: RequestOptions = {}): Promise<HttpResponse> {
    const url = new URL(path.startsWith('https://') ? path : this.baseUrl + path);
    for (const [name, value] of Object.entries(options.query ?? {})) url.searchParams.set(name, String(value));
    const headers: Record<string, string> = { ...options.headers };
    let payload: Buffer | undefined;
    if (options.body !== undefined) {
      if (Buffer.isBuffer(options.body)) payload = options.body;
      else if (typeof options.body === 'string') payload = Buffer.from(options.body);
      else {
        payload = Buffer.from(JSON.stringify(options.body));
        headers['content-type'] ??= 'application/json';
      }
      headers['content-length'] = String(payload.length);
    }
    return new Promise((resolve, reject) => {
      const req = httpsRequest(url, { method, headers, agent: this.agent, ...(options.signal ? { signal: options.signal } : {}) }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const text = body.toString('utf8');
          noteResponse(url, method, res.statusCode ?? 0, res.headers, text);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text,
            body,
            json: () => JSON.parse(text),
          });
        });
      });
      req.on('error', reject);
      req.end(payload);
    });
  }

  /** Opens a WebSocket with this client's certificate; resolves once open, rejects with the HTTP status, content type and body if refused. */
  websocket(path: string, protocols: string[] = ['cloudevents.json']): Promise<WebSocket> {
    const url = this.baseUrl.replace(/^https/, 'wss') + path;
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, protocols, { ...this.credentials });
      socket.once('open', () => resolve(socket));
      socket.once('unexpected-response', (_request, response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const refusal = { status: response.statusCode, contentType: response.headers['content-type'], body: Buffer.concat(chunks).toString('utf8') };
          noteResponse(new URL(this.baseUrl + path), 'GET', refusal.status ?? 0, response.headers, refusal.body);
          reject(Object.assign(new Error(`WebSocket refused with ${response.statusCode}`), refusal));
        });
      });
      socket.once('error', reject);
    });
  }

  close() {
    this.agent.destroy();
  }
}

/** Collects a WebSocket's JSON messages (ws's over HTTP/1.1, or the HTTP/2 test client's) so a test can wait for a number of them. */
export class MessageCollector {
  readonly messages: any[] = [];
  private waiters: { count: number; resolve: () => void }[] = [];

  constructor(socket: Pick<EventEmitter, 'on'>) {
    socket.on('message', (data: Buffer | string) => {
      this.messages.push(JSON.parse(data.toString()));
      this.waiters = this.waiters.filter((waiter) => {
        if (this.messages.length >= waiter.count) waiter.resolve();
        return this.messages.length < waiter.count;
      });
    });
  }

  waitFor(count: number, timeoutMs = 10_000): Promise<any[]> {
    if (this.messages.length >= count) return Promise.resolve(this.messages);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`expected ${count} messages, got ${this.messages.length}`)), timeoutMs);
      this.waiters.push({
        count,
        resolve: () => {
          clearTimeout(timer);
          resolve(this.messages);
        },
      });
    });
  }
}
