/** One stream per blob (its id, made by the store). */
export const toBlobStreamId = (blobId: string) => `documents-blob-${blobId}`;
