import type { Server } from 'node:https';
import type { Socket } from 'node:net';

/**
 * Every connection the server holds, from its first byte on: closeAllConnections knows only those
 * whose TLS handshake completed, and one still shaking hands (a client that went silent) kept a stop
 * waiting until the handshake timed out.
 */
export function trackConnections(server: Server): Set<Socket> {
  const connections = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  return connections;
}

/**
 * Stops taking connections and lets the requests under way finish: each connection is closed once it
 * falls idle, and whatever is still open after `graceMs` (a client that holds its connection, a
 * WebSocket that does not answer its close) is cut by `cutTheRest` and closeAllConnections.
 */
export function closeGracefully(server: Server, graceMs: number, cutTheRest: () => void): Promise<void> {
  return new Promise((resolve) => {
    // server.close closes the connections idle now; these are the ones whose request ends later
    const idleCheck = setInterval(() => server.closeIdleConnections(), 50);
    const deadline = setTimeout(() => {
      cutTheRest();
      server.closeAllConnections();
    }, graceMs);
    server.close(() => {
      clearInterval(idleCheck);
      clearTimeout(deadline);
      resolve();
    });
  });
}
