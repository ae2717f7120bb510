/** The document store's read models. */
export const DocumentsCollections = {
  documents: 'documents_documents',
  versions: 'documents_versions',
  blobRefs: 'documents_blob_refs',
  usage: 'documents_usage',
  shares: 'documents_shares',
  blobs: 'documents_blobs',
  types: 'documents_types',
  quotas: 'documents_quotas',
} as const;
