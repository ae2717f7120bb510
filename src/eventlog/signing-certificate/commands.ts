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
