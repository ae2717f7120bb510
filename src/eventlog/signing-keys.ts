import { X509Certificate, type KeyObject } from 'node:crypto';
import type { TLSSocket } from 'node:tls';
import type { IncomingMessage } from 'node:http';
import type { Clock } from '../platform/clock';
import { handleCommand } from '../platform/decider';
import type { EventStore } from '../platform/event-store/event-store';
import { EVENTLOG_SOURCE, type SigningCertificateRecorded } from './eventlog-events';
import { normalizeSerial, parseJws, verifyJws } from './jws';
import { signingCertificateDecider } from './signing-certificate-decider';
import { toSigningCertificatesStreamId } from './stream-ids';

export class UnknownSigningKeyError extends Error {
  constructor(readonly kid: string) {
    super(`no certificate with serial ${kid} is known for this client: sign with the key of the certificate presented on this connection`);
    this.name = 'UnknownSigningKeyError';
  }
}

export class InvalidSignatureError extends Error {
  constructor(readonly kid: string) {
    super(`the signature does not verify with the certificate ${kid}: the payload was changed or another key signed it`);
    this.name = 'InvalidSignatureError';
  }
}

/**
 * Which certificate verifies a signed event: the one the client presents on this TLS connection when
 * kid is its serial; otherwise one the same client presented earlier, recorded in the log the first
 * time it signed with it (so events signed before a certificate renewal still verify).
 */
/** certificate: the connection's, which verified the token and is not yet recorded for the client */
export type VerifiedToken = { kid: string; payload: string; certificate?: X509Certificate };

export class SigningKeys {
  private readonly recorded = new Map<string, Map<string, KeyObject>>();

  constructor(
    private readonly events: EventStore,
    private readonly clock: Clock,
  ) {}

  /**
   * Checks a token's signature. A certificate taken from the connection is returned to be recorded (record)
   * once the registration citing it is known to be valid, and before that registration is appended.
   */
  async verify(token: string, clientId: string, presented: X509Certificate | undefined): Promise<VerifiedToken> {
    const parsed = parseJws(token);
    const kid = normalizeSerial(parsed.header.kid!);
    const fromConnection = presented && normalizeSerial(presented.serialNumber) === kid ? presented : undefined;
    const key = fromConnection?.publicKey ?? (await this.recordedKey(clientId, kid));
    if (!key) throw new UnknownSigningKeyError(kid);
    if (!verifyJws(parsed, key)) throw new InvalidSignatureError(kid);
    const unrecorded = fromConnection && !this.recorded.get(clientId)?.has(kid);
    return { kid, payload: parsed.payload.toString('utf8'), ...(unrecorded ? { certificate: fromConnection } : {}) };
  }

  private async recordedKey(clientId: string, kid: string): Promise<KeyObject | undefined> {
    const known = this.recorded.get(clientId)?.get(kid);
    if (known) return known;
    // another bridge may have recorded it since: the log is the truth
    const keys = new Map<string, KeyObject>();
    for (const stored of await this.events.readStream(toSigningCertificatesStreamId(clientId))) {
      const { serial, certificatePem } = stored.event.data as SigningCertificateRecorded['data'];
      keys.set(serial, new X509Certificate(certificatePem).publicKey);
    }
    this.recorded.set(clientId, keys);
    return keys.get(kid);
  }

  async record(clientId: string, serial: string, certificate: X509Certificate) {
    if (this.recorded.get(clientId)?.has(serial)) return;
    await handleCommand(
      this.events,
      toSigningCertificatesStreamId(clientId),
      signingCertificateDecider,
      {
        type: 'RecordSigningCertificate',
        clientId,
        serial,
        fingerprint256: certificate.fingerprint256,
        certificatePem: certificate.toString(),
        validFrom: new Date(certificate.validFrom).toISOString(),
        validTo: new Date(certificate.validTo).toISOString(),
        at: this.clock.now().toISOString(),
      },
      { source: EVENTLOG_SOURCE, producer: clientId, clock: this.clock },
    );
    let keys = this.recorded.get(clientId);
    if (!keys) this.recorded.set(clientId, (keys = new Map()));
    keys.set(serial, certificate.publicKey);
  }
}

/** The certificate the caller presented on this TLS connection. */
export function presentedCertificate(request: IncomingMessage): X509Certificate | undefined {
  const socket = request.socket as TLSSocket;
  if (typeof socket.getPeerCertificate !== 'function') return undefined;
  const raw = socket.getPeerCertificate()?.raw;
  return raw ? new X509Certificate(raw) : undefined;
}
