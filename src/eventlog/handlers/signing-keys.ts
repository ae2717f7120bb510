import { X509Certificate, type KeyObject } from 'node:crypto';
import type { TLSSocket } from 'node:tls';
import type { IncomingMessage } from 'node:http';
import type { Clock } from '../../platform/clock';
import { handleCommand } from '../../platform/decider';
import type { EventStore } from '../../platform/event-store/event-store';
import { EVENTLOG_SOURCE } from '../service';
import type { SigningCertificateRecorded } from '../signing-certificate/events';
import { normalizeSerial, parseJws, verifyJws } from '../signing-certificate/jws';
import { signingCertificateDecider } from '../signing-certificate/decider';
import { toSigningCertificatesStreamId } from '../signing-certificate/stream';

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
 *
 * A serial does not name one certificate: two CAs, or one that issues a serial again, give certificates
 * with the same serial and other keys. So certificates are recorded, and signatures tied to them, by
 * their SHA-256 fingerprint; kid only chooses among the client's certificates with that serial.
 */
/**
 * fingerprint256: the certificate that verified the token. certificate: the connection's, when that is
 * the one and it is not yet recorded for the client.
 */
export type VerifiedToken = { kid: string; fingerprint256: string; payload: string; certificate?: X509Certificate };

type RecordedCertificate = { serial: string; fingerprint256: string; publicKey: KeyObject };

export class SigningKeys {
  /** per client, the certificates recorded in the log, as far as this process has read them */
  private readonly recorded = new Map<string, RecordedCertificate[]>();

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
    const payload = parsed.payload.toString('utf8');
    const fromConnection = presented && normalizeSerial(presented.serialNumber) === kid ? presented : undefined;
    if (fromConnection && verifyJws(parsed, fromConnection.publicKey)) {
      const { fingerprint256 } = fromConnection;
      const recorded = this.recorded.get(clientId)?.some((known) => known.fingerprint256 === fingerprint256);
      return { kid, fingerprint256, payload, ...(recorded ? {} : { certificate: fromConnection }) };
    }
    // signed with an earlier certificate, whose serial the connection's may share
    let withSerial = (this.recorded.get(clientId) ?? []).filter((known) => known.serial === kid);
    let verifying = withSerial.find((known) => verifyJws(parsed, known.publicKey));
    if (!verifying) {
      // another bridge may have recorded it since: the log is the truth
      withSerial = (await this.readRecorded(clientId)).filter((known) => known.serial === kid);
      verifying = withSerial.find((known) => verifyJws(parsed, known.publicKey));
    }
    if (withSerial.length === 0 && !fromConnection) throw new UnknownSigningKeyError(kid);
    if (!verifying) throw new InvalidSignatureError(kid);
    return { kid, fingerprint256: verifying.fingerprint256, payload };
  }

  private async readRecorded(clientId: string): Promise<RecordedCertificate[]> {
    const certificates = (await this.events.readStream(toSigningCertificatesStreamId(clientId))).map((stored) => {
      const { serial, fingerprint256, certificatePem } = stored.event.data as SigningCertificateRecorded['data'];
      return { serial, fingerprint256, publicKey: new X509Certificate(certificatePem).publicKey };
    });
    this.recorded.set(clientId, certificates);
    return certificates;
  }

  async record(clientId: string, certificate: X509Certificate) {
    const { fingerprint256 } = certificate;
    if (this.recorded.get(clientId)?.some((known) => known.fingerprint256 === fingerprint256)) return;
    const serial = normalizeSerial(certificate.serialNumber);
    await handleCommand(
      this.events,
      toSigningCertificatesStreamId(clientId),
      signingCertificateDecider,
      {
        type: 'RecordSigningCertificate',
        clientId,
        serial,
        fingerprint256,
        certificatePem: certificate.toString(),
        validFrom: new Date(certificate.validFrom).toISOString(),
        validTo: new Date(certificate.validTo).toISOString(),
        at: this.clock.now().toISOString(),
      },
      { source: EVENTLOG_SOURCE, producer: clientId, clock: this.clock },
    );
    let certificates = this.recorded.get(clientId);
    if (!certificates) this.recorded.set(clientId, (certificates = []));
    certificates.push({ serial, fingerprint256, publicKey: certificate.publicKey });
  }
}

/** The certificate the caller presented on this TLS connection. */
export function presentedCertificate(request: IncomingMessage): X509Certificate | undefined {
  const socket = request.socket as TLSSocket;
  if (typeof socket.getPeerCertificate !== 'function') return undefined;
  const raw = socket.getPeerCertificate()?.raw;
  return raw ? new X509Certificate(raw) : undefined;
}
