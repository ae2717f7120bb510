import type { Decider } from '../../platform/decider';
import type { DocumentCommand } from './commands';
import { DocumentExistsError, DocumentNotFoundError, InvalidDocumentError, VersionNotFoundError } from './errors';
import {
  DOCUMENT_CHANGED,
  DOCUMENT_CREATED,
  DOCUMENT_MOVED,
  DOCUMENT_PURGED,
  DOCUMENT_RECYCLED,
  DOCUMENT_RESTORED,
  DOCUMENT_VERSION_ADDED,
  DOCUMENT_VERSIONS_DELETED,
  type DocumentEvent,
} from './events';
import { requirePermission } from './permission';
import { currentVersion, evolveDocument, initialDocumentState, type DocumentState } from './state';

/** Versions are numbered as the official client reads them: a 16-bit integer. */
export const MAX_VERSION = 32_767;

/** Seed: expiresOn must be later than createdOn. */
function checkExpiry(createdOn: string, expiresOn: string | null | undefined): void {
  if (expiresOn && Date.parse(expiresOn) <= Date.parse(createdOn)) throw new InvalidDocumentError('expiresOn', `must be later than createdOn (${createdOn})`);
}

/**
 * A document's life: created (with content, or as a folder), changed, moved, given versions, recycled
 * and restored by its owner, purged. Who holds which permission is worked out by the handler from the
 * read models (folders and shares) and passed as the actor; the rules on it are here.
 */
export const documentDecider: Decider<DocumentCommand, DocumentEvent, DocumentState> = {
  initialState: initialDocumentState,
  evolve: evolveDocument,
  decide: (command, state) => {
    const { documentId, clientId, at } = command;
    if (command.type === 'CreateDocument') {
      if (state.status !== 'none') throw new DocumentExistsError(documentId);
      checkExpiry(command.createdOn, command.expiresOn);
      const { owner, by, name, number, folderId, documentType, isFolder, content, createdOn, expiresOn, createdBy, suppressNotifications, copiedFrom } = command;
      const data = { documentId, owner, name, number, folderId, type: documentType, isFolder, content, createdOn, expiresOn, createdBy, suppressNotifications, by, clientId, at };
      return [{ type: DOCUMENT_CREATED, data: copiedFrom ? { ...data, copiedFrom } : data }];
    }
    const live = state.status === 'live';
    if (state.status === 'none' || state.status === 'purged' || (!live && command.type !== 'RestoreDocument' && command.type !== 'PurgeDocument')) {
      throw new DocumentNotFoundError(documentId);
    }
    const by = command.actor.principal;
    switch (command.type) {
      case 'ChangeDocument': {
        requirePermission(documentId, command.actor, 'Write');
        const changes = Object.fromEntries(Object.entries(command.changes).filter(([field, value]) => value !== undefined && state[field as keyof DocumentState] !== value));
        if ('expiresOn' in changes) checkExpiry(state.createdOn, changes.expiresOn as string | null);
        if (Object.keys(changes).length === 0) return [];
        return [{ type: DOCUMENT_CHANGED, data: { documentId, changes, by, clientId, at } }];
      }
      case 'MoveDocument': {
        requirePermission(documentId, command.actor, 'Write');
        if (command.destinationPath.includes(documentId)) throw new InvalidDocumentError('folderId', 'must not be the folder itself or a folder inside it');
        if (command.toFolderId === state.folderId) return [];
        return [{ type: DOCUMENT_MOVED, data: { documentId, fromFolderId: state.folderId, toFolderId: command.toFolderId, by, clientId, at } }];
      }
      case 'AddVersion': {
        requirePermission(documentId, command.actor, 'Write');
        if (state.isFolder) throw new InvalidDocumentError('id', 'is a folder: a folder has no content');
        const version = currentVersion(state) + 1;
        if (version > MAX_VERSION) throw new InvalidDocumentError('version', `would pass ${MAX_VERSION}: delete earlier versions first`);
        return [{ type: DOCUMENT_VERSION_ADDED, data: { documentId, version, content: command.content, replacesPrevious: !command.keepPrevious, by, clientId, at } }];
      }
      case 'DeleteVersions': {
        requirePermission(documentId, command.actor, 'Write');
        if (!state.versions.some((kept) => kept.version === command.version)) throw new VersionNotFoundError(documentId, command.version);
        if (command.version === currentVersion(state)) throw new InvalidDocumentError('version', 'is the current version: delete the document instead');
        const versions = state.versions.map((kept) => kept.version).filter((version) => version === command.version || (command.includingPrevious && version < command.version));
        return [{ type: DOCUMENT_VERSIONS_DELETED, data: { documentId, versions, by, clientId, at } }];
      }
      case 'RecycleDocument':
        requirePermission(documentId, command.actor, 'Write');
        return [{ type: DOCUMENT_RECYCLED, data: { documentId, folderId: state.folderId, by, clientId, at } }];
      case 'RestoreDocument':
        requirePermission(documentId, command.actor, 'Owner');
        if (live) return [];
        return [{ type: DOCUMENT_RESTORED, data: { documentId, folderId: command.toFolderId, by, clientId, at } }];
      case 'PurgeDocument':
        requirePermission(documentId, command.actor, 'Owner');
        return [{ type: DOCUMENT_PURGED, data: { documentId, reason: command.reason, by, clientId, at } }];
      default: {
        const unexpected: never = command;
        return unexpected;
      }
    }
  },
};
