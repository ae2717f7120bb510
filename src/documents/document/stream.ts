/** One stream per document or folder (its id, made by the store). */
export const toDocumentStreamId = (documentId: string) => `documents-document-${documentId}`;
