import type { DomainEvent } from '../../platform/decider';
import type { DocumentTypeDefinition } from './definition';

export const DOCUMENT_TYPE_DEFINED = 'md.gov.documents.document-type.defined.v1';
export const DOCUMENT_TYPE_CHANGED = 'md.gov.documents.document-type.changed.v1';

/** An administrator defined a type (the whole definition). */
export type DocumentTypeDefined = DomainEvent<typeof DOCUMENT_TYPE_DEFINED, DocumentTypeDefinition & { definedBy: string; definedAt: string }>;
/** An administrator replaced a type's definition (the whole new one). */
export type DocumentTypeChanged = DomainEvent<typeof DOCUMENT_TYPE_CHANGED, DocumentTypeDefinition & { changedBy: string; changedAt: string }>;

export type DocumentTypeEvent = DocumentTypeDefined | DocumentTypeChanged;
