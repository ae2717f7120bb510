import type { LogEntry, SignatureRecord } from './events';

export type RegisterEvents = {
  type: 'RegisterEvents';
  uid: string;
  clientId: string;
  clientIdno?: string;
  at: string;
  origin: 'request' | 'search' | 'service' | 'exchange-delivery';
  entries: LogEntry[];
  signatures: SignatureRecord[];
};
