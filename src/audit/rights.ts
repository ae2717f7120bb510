/** Rights of the audit service in the client registry ("rights": { "audit": [...] }). */
export const AuditRights = {
  /** the history of a stream or of the whole log, with who caused each event */
  read: 'read',
} as const;
