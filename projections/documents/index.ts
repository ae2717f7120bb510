import type { Projection } from '../../src/platform/projections/projection';
import { DOCUMENTS_STREAMS } from '../../src/documents/service';
import { blobsReadModel } from './blobs';
import { contentsReadModel } from './contents';
import { documentsReadModel } from './documents';
import type { ReadModel } from './read-model';
import { settingsReadModel } from './settings';
import { sharesReadModel } from './shares';

export { DocumentsCollections } from './collections';

/** In this order: the contents read the versions before the documents drop them. */
const READ_MODELS: ReadModel[] = [contentsReadModel, documentsReadModel, sharesReadModel, blobsReadModel, settingsReadModel];

/**
 * One projection keeps all of the document store's read models: one checkpoint and one transaction per
 * batch (the runner commits, with an fsync, once per projection on every catch-up), and an event that
 * touches several of them (a purge) lands in all at once.
 */
export const documentsProjections: Projection[] = [
  {
    name: 'documents-library',
    // 2: hiddenUntil, so that a list's visibility is read from its index
    version: 2,
    streamPrefix: DOCUMENTS_STREAMS,
    eventTypes: [...new Set(READ_MODELS.flatMap((model) => Object.keys(model.appliers)))],
    collections: READ_MODELS.flatMap((model) => model.collections),
    indexes: READ_MODELS.flatMap((model) => model.indexes),
    async apply(stored, session) {
      for (const model of READ_MODELS) await model.appliers[stored.event.type]?.(stored, session);
    },
  },
];
