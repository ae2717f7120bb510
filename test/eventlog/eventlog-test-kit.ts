import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { normalizeSerial, signJws } from '../../src/eventlog/signing-certificate/jws';
import { createCertificate } from '../../src/platform/identity/pki';
import { HttpsClient } from '../support/https-client';
import type { TestPlatform } from '../support/test-platform';

/** Signs like a client system: with its certificate's private key, kid = the certificate serial in hex. */
export function signerOf(certPem: string, keyPem: string) {
  const kid = normalizeSerial(new X509Certificate(certPem).serialNumber);
  return { kid, sign: (payload: unknown) => signJws(typeof payload === 'string' ? payload : JSON.stringify(payload), keyPem, kid) };
}

export function clientSigner(platform: TestPlatform, clientId: string) {
  return signerOf(readFileSync(platform.pki.clientCert(clientId), 'utf8'), readFileSync(platform.pki.clientKey(clientId), 'utf8'));
}

/** Another certificate for the same client name, from the platform's CA (a renewed certificate), with a serial of its own unless given. */
export function renewedCertificate(platform: TestPlatform, clientId: string, serialHex?: string) {
  const issuer = { certPem: readFileSync(platform.pki.caCert, 'utf8'), keyPem: readFileSync(platform.pki.caKey, 'utf8') };
  const certificate = createCertificate({ commonName: clientId, issuer, usage: 'client', ...(serialHex ? { serialHex } : {}) });
  const client = new HttpsClient(platform.baseUrl, { ca: readFileSync(platform.pki.caCert), cert: Buffer.from(certificate.certPem), key: Buffer.from(certificate.keyPem) });
  return { client, signer: signerOf(certificate.certPem, certificate.keyPem) };
}

export const logEvent = (overrides: Record<string, unknown> = {}) => ({ event_time: '2024-05-01T10:00:00.000Z', event_type: 'Demo.Request.Received', ...overrides });

export async function register(client: HttpsClient, body: unknown): Promise<string> {
  const response = await client.post('/register', { body: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  expect(response.status, response.text).to.equal(200);
  const answer = response.json();
  expect(answer).to.include({ status: '200', message: 'OK' });
  expect(answer.UID).to.match(/^[0-9a-f-]{36}$/);
  return answer.UID;
}

export async function registrationsInLog(platform: TestPlatform): Promise<number> {
  const events = await platform.platform.stores.events.readAll({ after: 0, limit: 1_000_000, filter: { types: ['md.gov.eventlog.events.registered.v1'] } });
  return events.filter((stored) => (stored.event.data as { origin: string }).origin === 'request').length;
}
