import type { DomainEvent } from '../../platform/decider';

export const SIGNING_CERTIFICATE_RECORDED = 'md.gov.eventlog.signing-certificate.recorded.v1';

export type SigningCertificateRecorded = DomainEvent<
  typeof SIGNING_CERTIFICATE_RECORDED,
  { clientId: string; serial: string; fingerprint256: string; certificatePem: string; validFrom: string; validTo: string; recordedAt: string }
>;

export type SigningCertificateEvent = SigningCertificateRecorded;
