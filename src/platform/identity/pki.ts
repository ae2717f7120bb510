import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import forge from 'node-forge';

/**
 * The development PKI: a local CA, the server certificate and one client certificate per client of
 * the development registry, under DATA_DIR/pki. Keys come from Node's crypto (fast, native); node-forge
 * only builds and signs the X.509 certificates, which Node's crypto cannot do.
 */
export type PkiFiles = {
  dir: string;
  caCert: string;
  caKey: string;
  serverCert: string;
  serverKey: string;
  clientCert: (clientId: string) => string;
  clientKey: (clientId: string) => string;
};

export function pkiFiles(dir: string): PkiFiles {
  return {
    dir,
    caCert: join(dir, 'ca.crt'),
    caKey: join(dir, 'ca.key'),
    serverCert: join(dir, 'server.crt'),
    serverKey: join(dir, 'server.key'),
    clientCert: (clientId) => join(dir, 'clients', `${clientId}.crt`),
    clientKey: (clientId) => join(dir, 'clients', `${clientId}.key`),
  };
}

/** Creates whatever is missing; returns the client ids whose certificates were created now. */
export function ensureDevelopmentPki(dir: string, clientIds: string[], serverNames: string[] = []): string[] {
  const files = pkiFiles(dir);
  mkdirSync(join(dir, 'clients'), { recursive: true });
  if (!existsSync(files.caCert) || !existsSync(files.caKey)) {
    const ca = createCertificate({ commonName: 'egov-platform development CA', isCa: true });
    writeFileSync(files.caCert, ca.certPem);
    writeFileSync(files.caKey, ca.keyPem, { mode: 0o600 });
  }
  const issuer = { certPem: readFileSync(files.caCert, 'utf8'), keyPem: readFileSync(files.caKey, 'utf8') };
  if (!existsSync(files.serverCert)) {
    const server = createCertificate({
      commonName: 'localhost',
      issuer,
      usage: 'server',
      altNames: ['localhost', '127.0.0.1', '::1', ...serverNames],
    });
    writeFileSync(files.serverCert, server.certPem);
    writeFileSync(files.serverKey, server.keyPem, { mode: 0o600 });
  }
  const created: string[] = [];
  for (const clientId of clientIds) {
    if (existsSync(files.clientCert(clientId))) continue;
    issueClientCertificate(dir, clientId, clientId);
    created.push(clientId);
  }
  return created;
}

/** A client certificate and key from the development CA, written to clients/<clientId>.crt|.key (replacing any there). */
export function issueClientCertificate(dir: string, clientId: string, commonName: string): { certFile: string; keyFile: string; validTo: Date } {
  const files = pkiFiles(dir);
  const issuer = { certPem: readFileSync(files.caCert, 'utf8'), keyPem: readFileSync(files.caKey, 'utf8') };
  const client = createCertificate({ commonName, issuer, usage: 'client' });
  mkdirSync(join(dir, 'clients'), { recursive: true });
  writeFileSync(files.clientCert(clientId), client.certPem);
  writeFileSync(files.clientKey(clientId), client.keyPem, { mode: 0o600 });
  return { certFile: files.clientCert(clientId), keyFile: files.clientKey(clientId), validTo: forge.pki.certificateFromPem(client.certPem).validity.notAfter };
}

export type CertificateRequest = {
  commonName: string;
  isCa?: boolean;
  issuer?: { certPem: string; keyPem: string };
  usage?: 'server' | 'client';
  altNames?: string[];
  validDays?: number;
  /** a given serial (hex) instead of a random one: a CA that issues a serial again, as tests need */
  serialHex?: string;
  /** RSA key size; 2048 unless a test needs a weak key */
  modulusLength?: number;
};

export function createCertificate(request: CertificateRequest): { certPem: string; keyPem: string; serialHex: string } {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: request.modulusLength ?? 2048 });
  const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const keyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicPem);
  const serial = randomBytes(16);
  serial[0] &= 0x7f; // a positive serial number
  cert.serialNumber = request.serialHex ?? serial.toString('hex');
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + (request.validDays ?? (request.isCa ? 3650 : 825)) * 86_400_000);
  const subject = [{ name: 'commonName', value: request.commonName }, { name: 'organizationName', value: 'egov-platform development' }];
  cert.setSubject(subject);
  const issuerCert = request.issuer ? forge.pki.certificateFromPem(request.issuer.certPem) : undefined;
  cert.setIssuer(issuerCert ? issuerCert.subject.attributes : subject);

  const extensions: object[] = [{ name: 'basicConstraints', cA: Boolean(request.isCa), critical: true }];
  if (request.isCa) {
    extensions.push({ name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true });
  } else {
    extensions.push({ name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true });
    extensions.push({ name: 'extKeyUsage', serverAuth: request.usage === 'server', clientAuth: request.usage === 'client' });
  }
  if (request.altNames?.length) {
    extensions.push({
      name: 'subjectAltName',
      altNames: request.altNames.map((name) =>
        /^[\d.]+$/.test(name) || name.includes(':') ? { type: 7, ip: name } : { type: 2, value: name },
      ),
    });
  }
  extensions.push({ name: 'subjectKeyIdentifier' });
  cert.setExtensions(extensions);
  const signingKey = forge.pki.privateKeyFromPem(request.issuer?.keyPem ?? keyPem);
  cert.sign(signingKey as forge.pki.rsa.PrivateKey, forge.md.sha256.create());
  return { certPem: forge.pki.certificateToPem(cert), keyPem, serialHex: cert.serialNumber };
}
