import type { DocumentTypeDefinition } from './definition';

export type DefineDocumentType = { type: 'DefineDocumentType'; definition: DocumentTypeDefinition; clientId: string; at: string };
export type ChangeDocumentType = { type: 'ChangeDocumentType'; definition: DocumentTypeDefinition; clientId: string; at: string };

export type DocumentTypeCommand = DefineDocumentType | ChangeDocumentType;
