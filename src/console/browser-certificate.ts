import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import forge from 'node-forge';
import type { PkiFiles } from '../platform/identity/pki';

/** The development client whose certificate `npm start` offers for the console: it holds every page's right. */
export const CONSOLE_DEVELOPMENT_CLIENT = 'demo-auditor';
/** Browsers and operating systems refuse to import a PKCS#12 file without a password; this one is printed at start. */
export const DEVELOPMENT_PKCS12_PASSWORD = 'development';

/**
 * A development client's certificate and key as one PKCS#12 file beside them (clients/<id>.p12), for a
 * browser to import: browsers take client certificates in that form, not as PEM files. Made once; undefined
 * when the client has no certificate in the development PKI (an operator's own PKI, say).
 */
export function ensureBrowserCertificate(pki: PkiFiles, clientId: string, password = DEVELOPMENT_PKCS12_PASSWORD): string | undefined {
  const certFile = pki.clientCert(clientId);
  const keyFile = pki.clientKey(clientId);
  const file = certFile.replace(/\.crt$/, '.p12');
  if (existsSync(file)) return file;
  if (!existsSync(certFile) || !existsSync(keyFile)) return undefined;
  const key = forge.pki.privateKeyFromPem(readFileSync(keyFile, 'utf8'));
  const chain = [readFileSync(certFile, 'utf8'), readFileSync(pki.caCert, 'utf8')].map((pem) => forge.pki.certificateFromPem(pem));
  // 3DES and SHA-1 MACs are what every browser's and operating system's importer still reads
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, chain, password, { algorithm: '3des', friendlyName: `${clientId} (egov-platform development)` });
  writeFileSync(file, Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'), { mode: 0o600 });
  return file;
}
