/**
 * Serve the page after `startAfter` (what pageStart() found on the state the handler read), ending at
 * `servedUpTo` with `count` changes; `startAfter === servedUpTo` for an empty page.
 */
export type ServeChangesPage = {
  type: 'ServeChangesPage';
  clientId: string;
  serviceID: string;
  startAfter: number;
  servedUpTo: number;
  count: number;
  bridge: string;
  at: string;
  leaseMs: number;
};

export type RecordPageWritten = { type: 'RecordPageWritten'; clientId: string; serviceID: string; servedUpTo: number; at: string };

export type ChangesCursorCommand = ServeChangesPage | RecordPageWritten;
