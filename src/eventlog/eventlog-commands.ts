import type { LogEntry, SignatureRecord } from './eventlog-events';

export type RegisterEvents = {
  type: 'RegisterEvents';
  uid: string;
  clientId: string;
  clientIdno?: string;
  at: string;
  origin: 'request' | 'search' | 'exchange-delivery';
  entries: LogEntry[];
  signatures: SignatureRecord[];
};

export type RecordSigningCertificate = {
  type: 'RecordSigningCertificate';
  clientId: string;
  serial: string;
  fingerprint256: string;
  certificatePem: string;
  validFrom: string;
  validTo: string;
  at: string;
};
