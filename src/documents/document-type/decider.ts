import type { Decider } from '../../platform/decider';
import type { DocumentTypeCommand } from './commands';
import { compileContentSchema } from './content-schema';
import { builtInTypeOf, type DocumentTypeDefinition } from './definition';
import { DOCUMENT_TYPE_CHANGED, DOCUMENT_TYPE_DEFINED, type DocumentTypeEvent } from './events';

export class DocumentTypeExistsError extends Error {
  constructor(readonly code: string) {
    super(`document type ${code} is defined already: change it with PUT /api/v1/document-types/${code}`);
    this.name = 'DocumentTypeExistsError';
  }
}

export class DocumentTypeNotFoundError extends Error {
  constructor(readonly code: string) {
    super(`no document type has the code ${code}`);
    this.name = 'DocumentTypeNotFoundError';
  }
}

export class BuiltInTypeError extends Error {
  constructor(readonly code: string) {
    super(`${code} is a built-in type: it cannot be defined or changed`);
    this.name = 'BuiltInTypeError';
  }
}

type DocumentTypeState = { definition: DocumentTypeDefinition | null };

/** A type is defined once and then changed whole; the built-in Unknown and Folder are neither. Its schema must compile. */
export const documentTypeDecider: Decider<DocumentTypeCommand, DocumentTypeEvent, DocumentTypeState> = {
  initialState: () => ({ definition: null }),
  evolve: (_state, event) => {
    switch (event.type) {
      case DOCUMENT_TYPE_DEFINED:
      case DOCUMENT_TYPE_CHANGED:
        return { definition: definitionOf(event.data) };
      default: {
        const unexpected: never = event;
        return unexpected;
      }
    }
  },
  decide: (command, state) => {
    const { definition } = command;
    if (builtInTypeOf(definition.code)) throw new BuiltInTypeError(definition.code);
    if (definition.schema) compileContentSchema(definition.schema);
    switch (command.type) {
      case 'DefineDocumentType':
        if (state.definition) throw new DocumentTypeExistsError(definition.code);
        return [{ type: DOCUMENT_TYPE_DEFINED, data: { ...definition, definedBy: command.clientId, definedAt: command.at } }];
      case 'ChangeDocumentType':
        if (!state.definition) throw new DocumentTypeNotFoundError(definition.code);
        return [{ type: DOCUMENT_TYPE_CHANGED, data: { ...definition, changedBy: command.clientId, changedAt: command.at } }];
      default: {
        const unexpected: never = command;
        return unexpected;
      }
    }
  },
};

/** The definition an event carries, without who made it when. */
export function definitionOf(data: DocumentTypeDefinition): DocumentTypeDefinition {
  const { code, titles, icon, versioningEnabled, official, deleteOnExpiry, expiresAfterDays, schema, templates } = data;
  return { code, titles, icon, versioningEnabled, official, deleteOnExpiry, expiresAfterDays, schema, templates };
}
