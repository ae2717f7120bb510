/** Rights of the document store in the client registry ("rights": { "documents": [...] }). */
export const DocumentsRights = {
  /** lists, documents, contents, versions, shares, quota, principal names, document types, transform */
  read: 'read',
  /** uploads, creating, changing, sharing, deleting, the recycle bin, reservations */
  write: 'write',
  /** acting for a principal other than the client's own (the `principal` parameter) */
  impersonate: 'impersonate',
  /** defining and changing document types (/api/v1/document-types) */
  types: 'types',
  /** setting a principal's storage maximum (/api/v1/principal-quotas) */
  quotas: 'quotas',
} as const;
