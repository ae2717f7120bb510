import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { connect, type ClientHttp2Session, type ClientHttp2Stream } from 'node:http2';
import type { Credentials } from './https-client';

/**
 * A WebSocket client over HTTP/2 extended CONNECT (RFC 8441), written from RFC 6455 for the tests (the ws
 * package speaks HTTP/1.1 only): text and close frames, masked as a client's must be. Events: 'message'
 * (text), 'close' (code, reason).
 */
export class Http2WebSocket extends EventEmitter {
  private received = Buffer.alloc(0);
  private fragments: Buffer[] = [];

  constructor(
    private readonly session: ClientHttp2Session,
    private readonly stream: ClientHttp2Stream,
  ) {
    super();
    stream.on('data', (chunk: Buffer) => this.read(chunk));
    stream.on('close', () => session.close());
  }

  send(text: string): void {
    this.stream.write(frame(0x1, Buffer.from(text)));
  }

  close(code = 1000): void {
    const payload = Buffer.alloc(2);
    payload.writeUInt16BE(code);
    this.stream.end(frame(0x8, payload));
  }

  terminate(): void {
    this.session.destroy();
  }

  private read(chunk: Buffer) {
    this.received = Buffer.concat([this.received, chunk]);
    for (;;) {
      const parsed = parseFrame(this.received);
      if (!parsed) return;
      this.received = this.received.subarray(parsed.size);
      if (parsed.opcode === 0x8) {
        const code = parsed.payload.length >= 2 ? parsed.payload.readUInt16BE(0) : 1005;
        this.emit('close', code, parsed.payload.subarray(2).toString('utf8'));
        this.stream.end();
        return;
      }
      if (parsed.opcode === 0x9) this.stream.write(frame(0xa, parsed.payload));
      if (parsed.opcode === 0x1 || parsed.opcode === 0x0) {
        this.fragments.push(parsed.payload);
        if (parsed.fin) this.emit('message', Buffer.concat(this.fragments.splice(0)).toString('utf8'));
      }
    }
  }
}

export type Http2WebSocketResult = { status: number; protocol?: string; socket?: Http2WebSocket; contentType?: string; body: string };

/** Opens the WebSocket; a refusal resolves with its status, content type and problem body instead of a socket. */
export async function connectHttp2WebSocket(
  baseUrl: string,
  credentials: Credentials,
  path: string,
  protocols = ['cloudevents.json'],
  headerOverrides: Record<string, string> = {},
): Promise<Http2WebSocketResult> {
  const session = connectH2(baseUrl, credentials);
  session.on('error', () => undefined);
  // extended CONNECT may be sent only once the server's settings have enabled it
  await new Promise<void>((resolve, reject) => {
    session.once('remoteSettings', () => resolve());
    session.once('error', reject);
  });
  const headers: Record<string, string> = { ':method': 'CONNECT', ':protocol': 'websocket', ':path': path, ':scheme': 'https', 'sec-websocket-version': '13' };
  if (protocols.length > 0) headers['sec-websocket-protocol'] = protocols.join(', ');
  const stream = session.request({ ...headers, ...headerOverrides });
  const response = await responseOf(stream);
  const status = Number(response[':status']);
  if (status === 200) return { status, protocol: String(response['sec-websocket-protocol']), socket: new Http2WebSocket(session, stream), body: '' };
  const body = await readAll(stream);
  session.close();
  return { status, contentType: String(response['content-type']), body };
}

/** Any other request over HTTP/2, to see what the server answers. */
export async function http2Request(baseUrl: string, credentials: Credentials, path: string): Promise<{ status: number; contentType: string; body: string }> {
  const session = connectH2(baseUrl, credentials);
  try {
    const stream = session.request({ ':method': 'GET', ':path': path });
    const response = await responseOf(stream);
    return { status: Number(response[':status']), contentType: String(response['content-type']), body: await readAll(stream) };
  } finally {
    session.close();
  }
}

/** An HTTP/2 session offering h2 alone in ALPN, which is what gets h2 from the server. */
function connectH2(baseUrl: string, credentials: Credentials): ClientHttp2Session {
  return connect(baseUrl, { ...credentials, ALPNProtocols: ['h2'] });
}

function responseOf(stream: ClientHttp2Stream): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    stream.once('response', resolve);
    stream.once('error', reject);
  });
}

function readAll(stream: ClientHttp2Stream): Promise<string> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    stream.once('error', reject);
  });
}

function frame(opcode: number, payload: Buffer): Buffer {
  const mask = randomBytes(4);
  const length = payload.length;
  const header = length < 126 ? Buffer.alloc(2) : length < 65536 ? Buffer.alloc(4) : Buffer.alloc(10);
  header[0] = 0x80 | opcode;
  if (length < 126) header[1] = 0x80 | length;
  else if (length < 65536) {
    header[1] = 0x80 | 126;
    header.writeUInt16BE(length, 2);
  } else {
    header[1] = 0x80 | 127;
    header.writeBigUInt64BE(BigInt(length), 2);
  }
  const masked = Buffer.from(payload.map((byte, index) => byte ^ mask[index % 4]));
  return Buffer.concat([header, mask, masked]);
}

function parseFrame(buffer: Buffer): { fin: boolean; opcode: number; payload: Buffer; size: number } | null {
  if (buffer.length < 2) return null;
  const fin = (buffer[0] & 0x80) !== 0;
  const opcode = buffer[0] & 0x0f;
  let length = buffer[1] & 0x7f;
  let offset = 2;
  if (length === 126) {
    if (buffer.length < 4) return null;
    length = buffer.readUInt16BE(2);
    offset = 4;
  } else if (length === 127) {
    if (buffer.length < 10) return null;
    length = Number(buffer.readBigUInt64BE(2));
    offset = 10;
  }
  // frames from a server are never masked (RFC 6455, 5.1)
  if (buffer.length < offset + length) return null;
  return { fin, opcode, payload: buffer.subarray(offset, offset + length), size: offset + length };
}
