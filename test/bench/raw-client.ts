/**
 * A minimal HTTP/1.1 client over one keep-alive TLS connection, one request in flight at a time.
 * The benchmark uses it instead of node:https because Node's client (ClientRequest, IncomingMessage,
 * the Agent) costs about as much CPU per request as a bare server: on this 2-core machine it
 * saturated its core at ~7,000 requests/s, so it measured itself rather than the server. The request
 * goes out in one write (one TLS record), the response head is parsed by hand (Content-Length or
 * chunked); the server side is untouched, so the comparison baseline vs platform stays fair.
 */
import { connect, type TLSSocket } from 'node:tls';

export type RawTls = { ca: Buffer; cert: Buffer; key: Buffer };
export type RawResponse = { status: number; body: string };

const HEAD_END = Buffer.from('\r\n\r\n');

/** TLS handshakes so far in this process (should equal the number of connections: keep-alive holds) */
export let handshakes = 0;

export class RawHttpsConnection {
  private socket: TLSSocket | null = null;
  private connecting: Promise<TLSSocket> | null = null;
  private buffer: Buffer = Buffer.alloc(0);
  private pending: { resolve: (response: RawResponse) => void; reject: (error: Error) => void; timer: NodeJS.Timeout } | null = null;

  constructor(
    private readonly port: number,
    private readonly tls: RawTls,
    private readonly timeoutMs: number,
  ) {}

  async post(path: string, contentType: string, body: string): Promise<RawResponse> {
    if (this.pending) throw new Error('one request at a time per connection');
    const socket = await this.open();
    const head = `POST ${path} HTTP/1.1\r\nHost: localhost:${this.port}\r\nContent-Type: ${contentType}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
    return new Promise<RawResponse>((resolve, reject) => {
      const timer = setTimeout(() => this.fail(new Error(`no response within ${this.timeoutMs} ms`)), this.timeoutMs);
      this.pending = { resolve, reject, timer };
      socket.write(head + body);
    });
  }

  close() {
    this.socket?.destroy();
    this.socket = null;
  }

  private open(): Promise<TLSSocket> {
    if (this.socket) return Promise.resolve(this.socket);
    this.connecting ??= new Promise<TLSSocket>((resolve, reject) => {
      const socket = connect({ host: '127.0.0.1', port: this.port, servername: 'localhost', ...this.tls });
      socket.setNoDelay(true);
      const failed = (error: Error) => {
        this.connecting = null;
        reject(error);
      };
      socket.once('error', failed);
      socket.once('secureConnect', () => {
        handshakes += 1;
        socket.off('error', failed);
        this.connecting = null;
        this.socket = socket;
        this.buffer = Buffer.alloc(0);
        socket.on('data', (chunk: Buffer) => this.onData(chunk));
        // only the current socket's end fails the request in flight (an old one may close late)
        socket.on('error', (error) => this.socket === socket && this.fail(error));
        socket.on('close', () => this.socket === socket && this.fail(new Error('the server closed the connection')));
        resolve(socket);
      });
    });
    return this.connecting;
  }

  private fail(error: Error) {
    const pending = this.pending;
    this.pending = null;
    this.socket?.destroy();
    this.socket = null;
    if (pending) {
      clearTimeout(pending.timer);
      pending.reject(error);
    }
  }

  private onData(chunk: Buffer) {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    const headEnd = this.buffer.indexOf(HEAD_END);
    if (headEnd < 0) return;
    const head = this.buffer.toString('latin1', 0, headEnd);
    const status = Number(head.slice(9, 12));
    const bodyStart = headEnd + 4;
    const lower = head.toLowerCase();
    let body: string;
    let end: number;
    const length = /\r\ncontent-length:\s*(\d+)/.exec(lower);
    if (length) {
      end = bodyStart + Number(length[1]);
      if (this.buffer.length < end) return;
      body = this.buffer.toString('utf8', bodyStart, end);
    } else if (/\r\ntransfer-encoding:\s*chunked/.test(lower)) {
      const parsed = parseChunked(this.buffer, bodyStart);
      if (!parsed) return;
      ({ body, end } = parsed);
    } else {
      return this.fail(new Error(`a response without length: ${head.split('\r\n')[0]}`));
    }
    const rest = this.buffer.subarray(end);
    this.buffer = rest.length > 0 ? Buffer.from(rest) : Buffer.alloc(0);
    const pending = this.pending;
    this.pending = null;
    if (!pending) return this.fail(new Error('a response nobody asked for'));
    clearTimeout(pending.timer);
    if (/\r\nconnection:\s*close/.test(lower)) this.close();
    pending.resolve({ status, body });
  }
}

function parseChunked(buffer: Buffer, start: number): { body: string; end: number } | null {
  const parts: Buffer[] = [];
  let at = start;
  for (;;) {
    const lineEnd = buffer.indexOf('\r\n', at);
    if (lineEnd < 0) return null;
    const size = parseInt(buffer.toString('latin1', at, lineEnd), 16);
    if (!Number.isFinite(size)) throw new Error('bad chunk size');
    const dataStart = lineEnd + 2;
    if (size === 0) {
      const trailerEnd = buffer.indexOf(HEAD_END, lineEnd);
      if (trailerEnd < 0) return null;
      return { body: Buffer.concat(parts).toString('utf8'), end: trailerEnd + 4 };
    }
    if (buffer.length < dataStart + size + 2) return null;
    parts.push(buffer.subarray(dataStart, dataStart + size));
    at = dataStart + size + 2;
  }
}
