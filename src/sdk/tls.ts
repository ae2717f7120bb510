import { createPrivateKey, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** Where a client's PEM files are: the CA that signed the platform's server certificate, and the client's own certificate and key. */
export type TlsFiles = { ca: string; cert: string; key: string };
export type TlsCredentials = { ca: Buffer; cert: Buffer; key: Buffer };

export class TlsSetupError extends Error {}

/**
 * Reads and checks the PEM files before any connection: a missing file, a file that is not PEM, or a key
 * that does not belong to the certificate each get a sentence naming the file, rather than an OpenSSL
 * error at the first request.
 */
export function loadTlsFiles(files: TlsFiles): TlsCredentials {
  const ca = readPem(files.ca, 'CA certificate');
  const cert = readPem(files.cert, 'client certificate');
  const key = readPem(files.key, 'client key');
  const certificate = parse(files.cert, 'a certificate', () => new X509Certificate(cert));
  parse(files.ca, 'a certificate', () => new X509Certificate(ca));
  const privateKey = parse(files.key, 'a private key', () => createPrivateKey(key));
  if (!certificate.checkPrivateKey(privateKey)) throw new TlsSetupError(`${files.key} is not the key of the certificate ${files.cert}`);
  if (new Date(certificate.validTo).getTime() < Date.now()) throw new TlsSetupError(`${files.cert} expired on ${certificate.validTo}`);
  return { ca, cert, key };
}

function readPem(path: string, what: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new TlsSetupError(code === 'ENOENT' ? `${what} file ${path} does not exist` : `cannot read ${what} file ${path}: ${(error as Error).message}`);
  }
}

function parse<T>(path: string, what: string, parser: () => T): T {
  try {
    return parser();
  } catch {
    throw new TlsSetupError(`${path} does not hold ${what} in PEM form`);
  }
}
