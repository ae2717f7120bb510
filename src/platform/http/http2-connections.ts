import { createServer, type Http2Session, type ServerHttp2Stream } from 'node:http2';
import type { IncomingHttpHeaders } from 'node:http';
import type { Server } from 'node:https';
import type { TLSSocket } from 'node:tls';

/**
 * ALPN: HTTP/2 only for a client that offers nothing else. Clients that offer both (curl, browsers, the
 * SDKs) stay on HTTP/1.1, where the whole API is served; a client that wants a WebSocket over HTTP/2
 * (RFC 8441) offers h2 alone. A client that offers only http/1.0 (`curl --http1.0`) gets it: the HTTP/1.1
 * server answers 1.0 requests. A client that offers none of these is refused during the handshake.
 */
export function chooseApplicationProtocol({ protocols }: { protocols: string[] }): string | undefined {
  return ['http/1.1', 'h2', 'http/1.0'].find((protocol) => protocols.includes(protocol));
}

/** closeGracefully: no new streams (GOAWAY), each session closes once its streams end; destroyAll: at once. */
export type Http2Connections = { closeGracefully(): void; destroyAll(): void };

/**
 * Serves the connections that negotiated h2 on the HTTPS server's own port: the server keeps TLS,
 * client certificates and HTTP/1.1; an h2 connection goes to an HTTP/2 session with extended CONNECT
 * enabled, whose streams go to `onStream`. (An https.Server hands every TLS connection to its HTTP/1.1
 * parser on 'secureConnection'; that one listener is put behind a check of the negotiated protocol.)
 */
export function serveHttp2Connections(server: Server, onStream: (stream: ServerHttp2Stream, headers: IncomingHttpHeaders) => void): Http2Connections {
  const http2 = createServer({ settings: { enableConnectProtocol: true } });
  const sessions = new Set<Http2Session>();
  http2.on('session', (session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  http2.on('stream', onStream);
  const http1 = server.listeners('secureConnection') as ((socket: TLSSocket) => void)[];
  if (http1.length !== 1) throw new Error('expected exactly one secureConnection listener on the HTTPS server');
  server.removeAllListeners('secureConnection');
  server.on('secureConnection', (socket: TLSSocket) => (socket.alpnProtocol === 'h2' ? http2.emit('connection', socket) : http1[0].call(server, socket)));
  return {
    closeGracefully() {
      for (const session of sessions) session.close();
    },
    destroyAll() {
      for (const session of sessions) session.destroy();
    },
  };
}
