import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ConfigurationError, loadConfig } from '../../../config';
import { ClientRegistry } from '../../../platform/identity/client-registry';
import { issueClientCertificate, pkiFiles } from '../../../platform/identity/pki';
import { UsageError } from '../failure';
import type { PkiFlags } from './pki';

/** `egov pki <clientId>`: a certificate from the development CA, with the common name the registry identifies the client by. */
export function issueCertificate(clientId: string, flags: PkiFlags): void {
  const config = configFor(flags);
  const dir = join(config.dataDir, 'pki');
  const files = pkiFiles(dir);
  if (!existsSync(files.caCert) || !existsSync(files.caKey)) throw new UsageError(`no development CA in ${dir}: start the platform once (npm start) to create it`);
  const client = registeredClient(config.registryFile, clientId);
  if (client.certificate.sha256) throw new UsageError(`client ${clientId} is identified by a pinned certificate fingerprint, not by a common name: it brings its own certificate`);
  if (existsSync(files.clientCert(clientId)) && !flags.force) throw new UsageError(`${files.clientCert(clientId)} exists: give --force to replace it`);
  const commonName = client.certificate.commonName ?? client.id;
  const issued = issueClientCertificate(dir, clientId, commonName);
  process.stderr.write(`issued ${shown(issued.certFile)} and ${shown(issued.keyFile)} (CN=${commonName}, valid until ${issued.validTo.toISOString().slice(0, 10)})\n`);
}

function configFor(flags: PkiFlags) {
  try {
    return loadConfig({ ...process.env, ...(flags.dataDir ? { DATA_DIR: flags.dataDir } : {}) });
  } catch (error) {
    throw error instanceof ConfigurationError ? new UsageError(error.message) : error;
  }
}

function registeredClient(registryFile: string, clientId: string) {
  if (!existsSync(registryFile)) throw new UsageError(`no client registry at ${registryFile}: start the platform once (npm start), or set REGISTRY_FILE`);
  let registry: ClientRegistry;
  try {
    registry = ClientRegistry.fromFile(registryFile);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const client = registry.get(clientId);
  if (!client) throw new UsageError(`no client ${clientId} in ${registryFile} (registered: ${registry.clients.map((entry) => entry.id).join(', ')})`);
  return client;
}

function shown(path: string): string {
  const fromHere = relative(process.cwd(), path);
  return fromHere.startsWith('..') ? path : fromHere;
}
