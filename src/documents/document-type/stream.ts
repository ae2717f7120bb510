/** One stream per document type, by its code (codes are the administrators' names, never personal data). */
export const toDocumentTypeStreamId = (code: string) => `documents-type-${code}`;
