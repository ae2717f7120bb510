import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PlatformConfig } from '../config';
import type { ClientRegistry } from './identity/client-registry';
import { ensureDevelopmentPki, pkiFiles } from './identity/pki';

export type TlsMaterial = { cert: Buffer; key: Buffer; ca: Buffer[] };

/**
 * Server certificate and trusted client CAs. An operator sets TLS_CERT_FILE, TLS_KEY_FILE and
 * TLS_CA_FILE; without them the development PKI under DATA_DIR/pki is created and used, with a
 * certificate for every registry client that names itself by common name and has none yet.
 */
export function loadTlsMaterial(config: PlatformConfig, registry: ClientRegistry, env = process.env): { tls: TlsMaterial; createdClients: string[] } {
  if (env.TLS_CERT_FILE && env.TLS_KEY_FILE && env.TLS_CA_FILE) {
    return {
      tls: { cert: readFileSync(env.TLS_CERT_FILE), key: readFileSync(env.TLS_KEY_FILE), ca: [readFileSync(env.TLS_CA_FILE)] },
      createdClients: [],
    };
  }
  const dir = join(config.dataDir, 'pki');
  const clientIds = registry.clients.filter((client) => !client.certificate.sha256).map((client) => client.id);
  const createdClients = ensureDevelopmentPki(dir, clientIds, new URL(config.publicUrl).hostname === 'localhost' ? [] : [new URL(config.publicUrl).hostname]);
  const files = pkiFiles(dir);
  const ca = [readFileSync(files.caCert)];
  if (env.TLS_CA_FILE && existsSync(env.TLS_CA_FILE)) ca.push(readFileSync(env.TLS_CA_FILE));
  return { tls: { cert: readFileSync(files.serverCert), key: readFileSync(files.serverKey), ca }, createdClients };
}
