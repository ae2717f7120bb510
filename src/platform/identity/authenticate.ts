import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { TLSSocket } from 'node:tls';
import type { ClientDefinition, ClientRegistry } from './client-registry';

/**
 * Who is calling, from the TLS client certificate. The result is kept on the socket: a keep-alive
 * connection carries one certificate, so it is looked up once, not on every request.
 */
export type CallerIdentity =
  | { kind: 'anonymous' }
  | { kind: 'untrusted'; reason: string }
  | { kind: 'unregistered'; commonName?: string }
  | { kind: 'client'; client: ClientDefinition };

const IDENTITY = Symbol('caller identity');
type SocketWithIdentity = TLSSocket & { [IDENTITY]?: CallerIdentity };

export function identifyCaller(request: IncomingMessage, registry: ClientRegistry): CallerIdentity {
  return identifyConnection(request.socket as TLSSocket, registry);
}

/** The same for a TLS connection itself (an HTTP/2 session's socket has no IncomingMessage). */
export function identifyConnection(tlsSocket: TLSSocket, registry: ClientRegistry): CallerIdentity {
  const socket = tlsSocket as SocketWithIdentity;
  if (socket[IDENTITY]) return socket[IDENTITY];
  const identity = resolve(socket, registry);
  // an anonymous result is not cached: TLS renegotiation is refused (the connection is closed), so it
  // cannot change, but a cheap recomputation keeps the rule obvious
  if (identity.kind !== 'anonymous') socket[IDENTITY] = identity;
  return identity;
}

/**
 * The caller of a connection for a log line, as far as it is known without looking at the certificate
 * again: the client's id, or why its certificate was not accepted; undefined before any lookup.
 */
export function describeKnownCaller(connection: Duplex): string | undefined {
  const identity = (connection as SocketWithIdentity)[IDENTITY];
  switch (identity?.kind) {
    case 'client':
      return identity.client.id;
    case 'unregistered':
      return `unregistered certificate${identity.commonName ? ` (${identity.commonName})` : ''}`;
    case 'untrusted':
      return 'untrusted certificate';
    default:
      return undefined;
  }
}

function resolve(socket: TLSSocket, registry: ClientRegistry): CallerIdentity {
  if (typeof socket.getPeerCertificate !== 'function') return { kind: 'anonymous' };
  const certificate = socket.getPeerCertificate();
  if (!certificate || Object.keys(certificate).length === 0) return { kind: 'anonymous' };
  if (!socket.authorized) return { kind: 'untrusted', reason: String(socket.authorizationError ?? 'certificate not trusted') };
  const client = registry.identify(certificate);
  if (!client) return { kind: 'unregistered', commonName: certificate.subject?.CN as string | undefined };
  return { kind: 'client', client };
}
