/** One stream per share (its id, made by the store or taken from a reservation). */
export const toShareStreamId = (shareId: string) => `documents-share-${shareId}`;
