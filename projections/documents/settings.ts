import { definitionOf } from '../../src/documents/document-type/decider';
import type { DocumentTypeDefinition } from '../../src/documents/document-type/definition';
import { DOCUMENT_TYPE_CHANGED, DOCUMENT_TYPE_DEFINED, type DocumentTypeChanged, type DocumentTypeDefined } from '../../src/documents/document-type/events';
import { QUOTA_SET, type QuotaSet } from '../../src/documents/quota/events';
import { DocumentsCollections } from './collections';
import { dataOf, type ReadModel } from './read-model';

/** A type defined by an administrator (the built-in ones are not stored). revision: when it was last defined or changed. */
export type DocumentTypeRecord = DocumentTypeDefinition & { _id: string; revision: string };
/** A principal's storage maximum, where an administrator set one. */
export type QuotaRecord = { _id: string; storageMaximum: number };

const { types: TYPES, quotas: QUOTAS } = DocumentsCollections;

/** The administrators' settings: document types and storage maximums. */
export const settingsReadModel: ReadModel = {
  collections: [TYPES, QUOTAS],
  indexes: [],
  appliers: {
    async [DOCUMENT_TYPE_DEFINED](stored, session) {
      const data = dataOf<DocumentTypeDefined['data']>(stored);
      await session.collection<DocumentTypeRecord>(TYPES).replaceOne({ _id: data.code }, { _id: data.code, ...definitionOf(data), revision: data.definedAt }, { upsert: true });
    },
    async [DOCUMENT_TYPE_CHANGED](stored, session) {
      const data = dataOf<DocumentTypeChanged['data']>(stored);
      await session.collection<DocumentTypeRecord>(TYPES).replaceOne({ _id: data.code }, { _id: data.code, ...definitionOf(data), revision: data.changedAt }, { upsert: true });
    },
    async [QUOTA_SET](stored, session) {
      const { principal, storageMaximum } = dataOf<QuotaSet['data']>(stored);
      await session.collection<QuotaRecord>(QUOTAS).replaceOne({ _id: principal }, { _id: principal, storageMaximum }, { upsert: true });
    },
  },
};
